import type { AccentKey } from '@/lib/assessment-accent';

// Small drawings for the headers of the dashboard's result cards, ours, in the card's assessment
// accent (`--assessment`, set by the card). Decorative: hidden from assistive technology.

const frame = { width: 64, height: 64, viewBox: '0 0 64 64', fill: 'none', 'aria-hidden': true, focusable: false } as const;
const line = { stroke: 'var(--assessment)', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Five traits: five points of a pentagon, the person's shape drawn inside it. */
function Big5Drawing() {
  return (
    <svg {...frame}>
      <circle cx="32" cy="32" r="30" fill="var(--assessment-soft)" />
      <path d="M32 10 L52.9 25.2 L44.9 49.8 L19.1 49.8 L11.1 25.2 Z" {...line} strokeOpacity="0.35" />
      <path d="M32 17 L46 27.5 L40.5 43 L22 45 L16.5 27 Z" fill="var(--assessment)" fillOpacity="0.22" {...line} />
      {[
        [32, 17],
        [46, 27.5],
        [40.5, 43],
        [22, 45],
        [16.5, 27],
      ].map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2.6" fill="var(--assessment)" />
      ))}
    </svg>
  );
}

/** Where one works best: a house of windows with a plant in front, a sun over it. */
function EnvironmentDrawing() {
  return (
    <svg {...frame}>
      <circle cx="32" cy="32" r="30" fill="var(--assessment-soft)" />
      <circle cx="46" cy="17" r="4.5" fill="var(--assessment)" fillOpacity="0.35" />
      <path d="M14 30 L30 17 L46 30" {...line} />
      <path d="M18 27 V49 H42 V27" {...line} />
      <rect x="23" y="32" width="6" height="6" rx="1" {...line} />
      <rect x="31" y="32" width="6" height="6" rx="1" {...line} />
      <path d="M50 49 V39" {...line} />
      <path d="M50 43 C50 38 54 36 56 36 C56 40 53 43 50 43 Z" fill="var(--assessment)" fillOpacity="0.35" {...line} />
      <path d="M50 45 C50 41 46.5 39.5 45 39.5 C45 42.5 47.5 45 50 45 Z" fill="var(--assessment)" fillOpacity="0.35" {...line} />
      <path d="M10 49 H56" {...line} />
    </svg>
  );
}

/** What drives a person: a compass rose, its strongest direction filled. */
function ValuesDrawing() {
  return (
    <svg {...frame}>
      <circle cx="32" cy="32" r="30" fill="var(--assessment-soft)" />
      <circle cx="32" cy="32" r="19" {...line} strokeOpacity="0.35" strokeDasharray="2 4" />
      <path d="M32 11 L36.5 27.5 L32 32 L27.5 27.5 Z" fill="var(--assessment)" {...line} />
      <path d="M53 32 L36.5 36.5 L32 32 L36.5 27.5 Z" {...line} />
      <path d="M32 53 L27.5 36.5 L32 32 L36.5 36.5 Z" {...line} />
      <path d="M11 32 L27.5 27.5 L32 32 L27.5 36.5 Z" {...line} />
      <circle cx="32" cy="32" r="2" fill="var(--card)" {...line} />
    </svg>
  );
}

const drawings: Record<Exclude<AccentKey, 'complete'>, () => React.JSX.Element> = {
  big5: Big5Drawing,
  environment: EnvironmentDrawing,
  values: ValuesDrawing,
};

/** The drawing of one assessment's results (the caller sets its accent). */
export function ResultIllustration({ assessment, className }: { assessment: Exclude<AccentKey, 'complete'>; className?: string }) {
  const Drawing = drawings[assessment];
  return (
    <span className={className}>
      <Drawing />
    </span>
  );
}
