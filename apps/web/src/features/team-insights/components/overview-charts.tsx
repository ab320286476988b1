import type { TeamOverview } from '@app/contract/team-insights';
import '@/lib/charts-on-preact';
import { Bar, BarChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';

// The team overview's charts, in a chunk of their own (recharts is large, and the app's first
// load must not carry it). They draw the numbers the tables beside them list, so they are hidden
// from assistive technology: the tables are the text alternative. Colours from the theme
// (`--assessment`, set by the card's accent), so they follow light and dark mode.

type Shown<T> = Extract<T, { status: 'shown' }>;
export type Big5Domains = Shown<TeamOverview['big5']>['domains'];
export type ValueFrequencies = Shown<TeamOverview['values']>['values'];
export type CulturePreferences = Shown<TeamOverview['culture']>['preferences'];

const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };

/** The BIG5 bands' colours, from the card's accent: low faint, high full (the page's legend uses the same). */
export const bandColours = { low: 'color-mix(in oklch, var(--assessment) 25%, var(--card))', average: 'color-mix(in oklch, var(--assessment) 60%, var(--card))', high: 'var(--assessment)' } as const;

/** Per BIG5 domain, one bar split into the people who score low, average and high. */
export function Big5Bands({ domains }: { domains: Big5Domains }) {
  const data = domains.map((domain) => ({ label: domain.label, ...domain.bands }));
  return (
    <div aria-hidden="true" style={{ height: data.length * 40 + 32 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }} accessibilityLayer={false}>
          <XAxis type="number" allowDecimals={false} tick={axisTick} stroke="var(--border)" />
          <YAxis type="category" dataKey="label" width={140} tick={axisTick} stroke="var(--border)" />
          <Bar dataKey="low" stackId="bands" fill={bandColours.low} barSize={18} isAnimationActive={false} />
          <Bar dataKey="average" stackId="bands" fill={bandColours.average} barSize={18} isAnimationActive={false} />
          <Bar dataKey="high" stackId="bands" fill={bandColours.high} radius={[0, 4, 4, 0]} barSize={18} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A horizontal bar per label (values: people with it in their top three; culture: mean share). */
export function LabelledBars({ data, domain }: { data: { label: string; amount: number }[]; domain?: [number, number] }) {
  return (
    <div aria-hidden="true" style={{ height: Math.max(120, data.length * 30 + 24) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }} accessibilityLayer={false}>
          <XAxis type="number" allowDecimals={false} domain={domain ?? [0, 'auto']} tick={axisTick} stroke="var(--border)" />
          <YAxis type="category" dataKey="label" width={140} tick={axisTick} stroke="var(--border)" />
          <Bar dataKey="amount" fill="var(--assessment)" radius={[0, 4, 4, 0]} barSize={14} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
