import type { AssessmentResultsResponse, Big5Result, EnvironmentResult, ValuesResult } from '@app/contract/assessment-results';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { accentClass } from '@/lib/assessment-accent';
import { formatList } from '@/lib/list-format';
import { cn } from '@/lib/utils';

// The results said in words before any chart (issue 16): a sentence per finished assessment, made
// only from the person's own scores, bands and ranks (no reading beyond what the numbers say; the
// reports interpret them). Each line carries its assessment's accent.

type Translate = ReturnType<typeof useTranslation>['t'];


function big5Sentence(result: Big5Result, t: Translate): string | null {
  const sorted = [...result.traits].sort((a, b) => b.score - a.score);
  const highest = sorted[0];
  const lowest = sorted.at(-1);
  if (!highest || !lowest) return null;
  const band = (value: typeof highest.band) => t(`dashboard.results.inWords.bands.${value}`);
  const scores = { highest: highest.label, highestScore: Math.round(highest.score), lowest: lowest.label, lowestScore: Math.round(lowest.score) };
  if (sorted.every((trait) => trait.band === highest.band)) return t('dashboard.results.inWords.big5SameBand', { ...scores, band: band(highest.band) });
  return t('dashboard.results.inWords.big5', { ...scores, highestBand: band(highest.band), lowestBand: band(lowest.band) });
}

function environmentSentence(result: EnvironmentResult, t: Translate): string | null {
  const culture = [...result.culture_mix].sort((a, b) => b.share - a.share)[0];
  if (result.top_work_values.length === 0 || !culture) return null;
  return t('dashboard.results.inWords.environment', {
    values: formatList(result.top_work_values.map((value) => value.label)),
    culture: culture.label,
    share: culture.share,
  });
}

function valuesSentence(result: ValuesResult, t: Translate): string | null {
  const first = result.top_values[0];
  const last = result.top_values.at(-1);
  if (!first || !last) return null;
  // Every value that shares the first rank, at most three.
  const top = result.top_values.filter((value) => value.rank === first.rank).slice(0, 3);
  return t('dashboard.results.inWords.values', {
    top: formatList(top.map((value) => value.label)),
    last: last.label,
    count: top.length,
  });
}

export function ResultsInWords({ results }: { results: AssessmentResultsResponse }) {
  const { t } = useTranslation();
  const headingId = useId();
  const lines = [
    { key: 'big5', text: results.big5 ? big5Sentence(results.big5, t) : null },
    { key: 'environment', text: results.environment ? environmentSentence(results.environment, t) : null },
    { key: 'values', text: results.values ? valuesSentence(results.values, t) : null },
  ] as const;
  const shown = lines.filter((line) => line.text !== null);
  if (shown.length === 0) return null;

  return (
    <div aria-labelledby={headingId} role="group" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h3 id={headingId} className="font-display text-xl font-semibold tracking-tight">
        {t('dashboard.results.inWords.heading')}
      </h3>
      <ul className="mt-3 grid gap-2.5 text-base leading-relaxed">
        {shown.map((line) => (
          <li key={line.key} className={cn('flex gap-3', accentClass(line.key))}>
            <span aria-hidden="true" className="mt-2.5 size-2.5 shrink-0 rounded-full bg-assessment" />
            <span>{line.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
