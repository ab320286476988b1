import type { AssessmentResultsResponse, Big5Result, EnvironmentResult, ResultFlag, ScoreBand, ValuesResult } from '@app/contract/assessment-results';
import { TriangleAlert } from 'lucide-react';
import { lazy, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { WhenVisible } from '@/components/when-visible';
import { accentClass, type AccentKey } from '@/lib/assessment-accent';
import { cn } from '@/lib/utils';
import { ResultIllustration } from './result-illustrations';
import { chartColours } from '../lib/chart-colours';
import { centredScale, valueImportance, type ValueImportance } from '../lib/value-importance';

// The summary of the user's results on the dashboard, with charts. Its own chunk, loaded only once
// the questionnaire is complete; the drawings (recharts) load when they come near the viewport
// (results-charts.tsx). The charts repeat the numbers listed beside them, so they are hidden from
// assistive technology.

const Big5Chart = lazy(() => import('./results-charts').then((module) => ({ default: module.Big5Chart })));
const CultureMixChart = lazy(() => import('./results-charts').then((module) => ({ default: module.CultureMixChart })));

// The chart colours' values (lib/chart-colours.ts), from the theme, so they follow light and
// dark mode. The first is the card's assessment accent (lib/assessment-accent.ts), so the palette
// is set on each card, beside its accent; the others stay apart from all three accents.
const chartPalette =
  '[--chart-1:var(--assessment)] [--chart-2:oklch(0.52_0.13_256)] [--chart-3:oklch(0.7_0.14_75)] [--chart-4:oklch(0.58_0.16_15)] ' +
  'dark:[--chart-2:oklch(0.74_0.12_250)] dark:[--chart-3:oklch(0.82_0.13_85)] dark:[--chart-4:oklch(0.72_0.14_20)]';

export function ResultsSummary({ results }: { results: AssessmentResultsResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {results.big5 && <Big5Card result={results.big5} />}
      {results.environment && <EnvironmentCard result={results.environment} />}
      {results.values && <ValuesCard result={results.values} />}
    </div>
  );
}

function ResultCard({
  accent,
  title,
  description,
  flags,
  className,
  children,
}: {
  accent: AccentKey;
  title: string;
  description: string;
  flags: ResultFlag[];
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn('border-t-4 border-t-assessment', accentClass(accent), chartPalette, className)}>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle id={headingId} className="text-xl">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {accent !== 'complete' && <ResultIllustration assessment={accent} className="shrink-0" />}
      </CardHeader>
      <CardContent className="space-y-4">
        {children}
        <QualityNote flags={flags} />
      </CardContent>
    </Card>
  );
}

/** Issue 4: response-quality flags are shown as 'interpret with caution', never blocking. */
function QualityNote({ flags }: { flags: ResultFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <div className="flex gap-2 rounded-md border border-amber-600/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{t('dashboard.results.caution')}</p>
        <ul>
          {flags.map((flag) => (
            <li key={flag}>{t(`dashboard.results.flags.${flag}`)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function BandBadge({ band }: { band: ScoreBand }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        band === 'high' && 'bg-assessment text-background',
        band === 'average' && 'bg-secondary text-secondary-foreground',
        band === 'low' && 'border border-input text-muted-foreground',
      )}
    >
      {t(`dashboard.results.bands.${band}`)}
    </span>
  );
}

function Big5Card({ result }: { result: Big5Result }) {
  const { t } = useTranslation();
  return (
    <ResultCard accent="big5" title={t('dashboard.results.big5.title')} description={t('dashboard.results.big5.description')} flags={result.flags}>
      <WhenVisible className="h-48">
        <div aria-hidden="true" className="h-full">
          <Big5Chart traits={result.traits} />
        </div>
      </WhenVisible>
      <dl className="grid gap-1.5 text-sm">
        {result.traits.map((trait) => (
          <div key={trait.id} className="flex items-center justify-between gap-3">
            <dt className="font-medium">{trait.label}</dt>
            <dd className="flex items-center gap-2 tabular-nums">
              <span className="text-muted-foreground">{t('dashboard.results.scoreOutOf', { score: Math.round(trait.score) })}</span>
              <BandBadge band={trait.band} />
            </dd>
          </div>
        ))}
      </dl>
    </ResultCard>
  );
}

function EnvironmentCard({ result }: { result: EnvironmentResult }) {
  const { t } = useTranslation();
  return (
    <ResultCard accent="environment" title={t('dashboard.results.environment.title')} description={t('dashboard.results.environment.description')} flags={result.flags}>
      <div className="grid gap-6 sm:grid-cols-2">
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">{t('dashboard.results.environment.topValues')}</h3>
          <ol className="grid gap-2">
            {result.top_work_values.map((value) => (
              <li key={value.id} className="flex items-center gap-3 rounded-md bg-muted/60 px-3 py-2 text-sm">
                <span className="flex size-6 items-center justify-center rounded-full bg-assessment text-xs font-semibold text-background">{value.rank}</span>
                <span className="font-medium">{value.label}</span>
              </li>
            ))}
          </ol>
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">{t('dashboard.results.environment.cultureMix')}</h3>
          <WhenVisible className="mx-auto size-32">
            <div aria-hidden="true" className="size-full">
              <CultureMixChart cultureMix={result.culture_mix} />
            </div>
          </WhenVisible>
          <ul className="grid gap-1 text-sm">
            {result.culture_mix.map((entry, index) => (
              <li key={entry.id} className="flex items-center gap-2">
                <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ background: chartColours[index % chartColours.length] }} />
                <span className="flex-1">{entry.label}</span>
                <span className="tabular-nums text-muted-foreground">{t('dashboard.results.environment.share', { share: entry.share })}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </ResultCard>
  );
}

const importanceTone: Record<ValueImportance, string> = {
  muchMore: 'bg-assessment',
  more: 'bg-assessment/70',
  about: 'bg-muted-foreground/40',
  less: 'bg-muted-foreground/45',
  muchLess: 'bg-muted-foreground/70',
};

/**
 * The Top 10 values, ranked, each said in words against the person's own average over the ten
 * values (the centred score: more or less important than "your average value"), with a bar that
 * grows from that average to the right (more) or the left (less). No numeric axis: a centred score
 * of 0.3 means nothing to a reader; the words and the ranks do.
 */
function ValuesCard({ result }: { result: ValuesResult }) {
  const { t } = useTranslation();
  const scale = centredScale(result.top_values.map((value) => value.centred));
  return (
    <ResultCard
      accent="values"
      title={t('dashboard.results.values.title')}
      description={t('dashboard.results.values.description')}
      flags={result.flags}
      className="lg:col-span-2"
    >
      <div aria-hidden="true" className="hidden grid-cols-[2rem_minmax(0,1fr)_minmax(0,1fr)] gap-x-3 text-xs text-muted-foreground sm:grid">
        <span className="col-start-3 grid grid-cols-3">
          <span>{t('dashboard.results.values.axisLess')}</span>
          <span className="text-center">{t('dashboard.results.values.axisAverage')}</span>
          <span className="text-right">{t('dashboard.results.values.axisMore')}</span>
        </span>
      </div>
      <ol aria-label={t('dashboard.results.values.listLabel')} className="grid gap-3 text-sm sm:gap-2">
        {result.top_values.map((value) => {
          const importance = valueImportance(value.centred);
          const width = `${(Math.min(Math.abs(value.centred), scale) / scale) * 50}%`;
          return (
            <li key={value.id} className="grid grid-cols-[2rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1.5 sm:grid-cols-[2rem_minmax(0,1fr)_minmax(0,1fr)]">
              <span className="text-right text-muted-foreground tabular-nums">{t('dashboard.results.values.rank', { rank: value.rank })}</span>
              <span className="min-w-0">
                <span className={cn('block', value.rank <= 3 && 'font-semibold')}>{value.label}</span>
                <span className="block text-xs text-muted-foreground">{t(`dashboard.results.values.importance.${importance}`)}</span>
              </span>
              <span aria-hidden="true" className="relative col-start-2 h-2.5 rounded-full bg-muted sm:col-start-3">
                <span className="absolute inset-y-[-3px] left-1/2 w-px bg-muted-foreground/60" />
                <span
                  className={cn('absolute inset-y-0 rounded-full', importanceTone[importance])}
                  style={value.centred >= 0 ? { left: '50%', width } : { right: '50%', width }}
                />
              </span>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-muted-foreground">{t('dashboard.results.values.howToRead')}</p>
    </ResultCard>
  );
}
