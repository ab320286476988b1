/** The dashboard charts' colours: custom properties the result cards set (results-summary.tsx). */
export const chartColours = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)'];
