// Drawings for the empty states, ours: the brand's blue with a dot of each assessment's accent
// (violet, teal, terracotta), the motif that the results and reports carry. Decorative: hidden
// from assistive technology. Sized by the caller (`className`).

const frame = { viewBox: '0 0 160 120', fill: 'none', 'aria-hidden': true, focusable: false } as const;
const ink = { stroke: 'var(--primary)', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function AccentDots({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r="5" fill="var(--big5)" />
      <circle cx={x + 14} cy={y - 6} r="4" fill="var(--environment)" />
      <circle cx={x + 26} cy={y + 2} r="3.2" fill="var(--values)" />
    </g>
  );
}

/** No reports yet: two blank pages waiting for their charts. */
export function EmptyReportsIllustration({ className }: { className?: string }) {
  return (
    <svg {...frame} className={className}>
      <ellipse cx="80" cy="66" rx="66" ry="46" fill="var(--accent)" />
      <rect x="38" y="26" width="52" height="68" rx="6" transform="rotate(-8 64 60)" fill="var(--card)" stroke="var(--border)" strokeWidth="2" />
      <rect x="62" y="20" width="56" height="74" rx="6" fill="var(--card)" {...ink} />
      <path d="M72 34 H100" {...ink} />
      <path d="M72 43 H92" {...ink} strokeOpacity="0.45" />
      <rect x="72" y="70" width="8" height="14" rx="2" fill="var(--big5)" />
      <rect x="85" y="60" width="8" height="24" rx="2" fill="var(--environment)" />
      <rect x="98" y="65" width="8" height="19" rx="2" fill="var(--values)" />
      <path d="M128 22 L130.5 29.5 L138 32 L130.5 34.5 L128 42 L125.5 34.5 L118 32 L125.5 29.5 Z" fill="var(--primary)" />
      <circle cx="30" cy="24" r="3" fill="var(--primary)" fillOpacity="0.45" />
    </svg>
  );
}

/** An empty basket, three reports in the air above it. */
export function EmptyBasketIllustration({ className }: { className?: string }) {
  return (
    <svg {...frame} className={className}>
      <ellipse cx="80" cy="70" rx="66" ry="44" fill="var(--accent)" />
      <AccentDots x={64} y={24} />
      <path d="M56 58 C56 40 104 40 104 58" {...ink} />
      <path d="M38 58 H122 L113 96 C112 99 110 100 107 100 H53 C50 100 48 99 47 96 Z" fill="var(--card)" {...ink} />
      <path d="M60 66 L64 92 M80 66 V92 M100 66 L96 92" {...ink} strokeOpacity="0.45" />
      <path d="M44 76 H116" {...ink} strokeOpacity="0.45" />
    </svg>
  );
}
