import type { Big5Result, EnvironmentResult } from '@app/contract/assessment-results';
import '@/lib/charts-on-preact';
import { Bar, BarChart, Cell, Pie, PieChart, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { chartColours } from '../lib/chart-colours';

// The dashboard's drawings, in a chunk of their own: recharts (about 100 KB gzipped) loads when a
// chart comes near the viewport (components/when-visible.tsx), never with the page's first screen.

const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };

export function Big5Chart({ traits }: { traits: Big5Result['traits'] }) {
  const data = traits.map((trait) => ({ label: trait.label, score: trait.score }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16, top: 4, bottom: 4 }} accessibilityLayer={false}>
        <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={axisTick} stroke="var(--border)" />
        <YAxis type="category" dataKey="label" width={130} tick={axisTick} stroke="var(--border)" />
        <ReferenceLine x={50} stroke="var(--border)" strokeDasharray="4 4" />
        <Bar dataKey="score" fill="var(--chart-1)" radius={[0, 4, 4, 0]} barSize={14} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function CultureMixChart({ cultureMix }: { cultureMix: EnvironmentResult['culture_mix'] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart accessibilityLayer={false}>
        <Pie data={cultureMix} dataKey="share" nameKey="label" innerRadius="55%" outerRadius="100%" stroke="var(--card)" rootTabIndex={-1} isAnimationActive={false}>
          {cultureMix.map((entry, index) => (
            <Cell key={entry.id} fill={chartColours[index % chartColours.length]} />
          ))}
        </Pie>
      </PieChart>
    </ResponsiveContainer>
  );
}
