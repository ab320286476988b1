import type { Database } from '../connection.ts';
import { products } from '../schema/products.ts';

type NewProduct = typeof products.$inferInsert;

/**
 * The shop's starting catalogue (issue 5): the three reports of the assessments, a bundle of the
 * three, and two organisation services sold per person with a minimum. Net prices in cents.
 * Texts are ours. An operator changes prices and texts with `npm run admin -- products update`.
 */
export const catalogueProducts: readonly NewProduct[] = [
  {
    sku: 'REPORT-BIG5',
    kind: 'report',
    title: 'BIG5 personality report',
    summary: 'Your five personality traits and their facets, with what they mean for how you work and relate to others.',
    description:
      'A personal report built from your BIG5 answers: openness, conscientiousness, extraversion, agreeableness and emotional stability, each with its facets, where you stand, and practical notes on strengths, blind spots and the settings in which you do your best work. Delivered on the web and as a PDF.',
    unitPrice: 2900,
    minimumQuantity: 1,
    reportTypes: ['big5'],
    position: 10,
  },
  {
    sku: 'REPORT-ENVIRONMENT',
    kind: 'report',
    title: 'Environment report',
    summary: 'The working environment that suits you: your top work values and the culture mix you thrive in.',
    description:
      'A personal report built from your environment answers: the work values that matter most to you, the mix of team cultures in which you feel at home, and questions to ask a future employer or your current team. Delivered on the web and as a PDF.',
    unitPrice: 1900,
    minimumQuantity: 1,
    reportTypes: ['environment'],
    position: 20,
  },
  {
    sku: 'REPORT-VALUES',
    kind: 'report',
    title: 'Top 10 values report',
    summary: 'Your ten basic values in order, and the four broad motives they add up to.',
    description:
      'A personal report built from your values answers: all ten basic values ranked from the one that drives you most, how they group into openness to change, conservation, self-transcendence and self-enhancement, and where tensions between them may show up in your decisions. Delivered on the web and as a PDF.',
    unitPrice: 1900,
    minimumQuantity: 1,
    reportTypes: ['values'],
    position: 30,
  },
  {
    sku: 'BUNDLE-COMPLETE',
    kind: 'bundle',
    title: 'Complete profile bundle',
    summary: 'All three reports together: BIG5 personality, Environment and Top 10 values.',
    description:
      'The BIG5 personality report, the Environment report and the Top 10 values report in one purchase, for a full picture of who you are, what you value and where you work best. Each report is delivered on the web and as a PDF.',
    unitPrice: 5400,
    minimumQuantity: 1,
    reportTypes: ['big5', 'environment', 'values'],
    position: 40,
  },
  {
    sku: 'SERVICE-TEAM-PROFILES',
    kind: 'service',
    title: 'Team personality profiles',
    summary: 'BIG5 profiles for each member of a team, with a team overview. Priced per team member.',
    description:
      'For organisations: every invited team member completes the assessments and receives their own BIG5 report; the organisation receives an overview of the team’s trait spread without individual answers. Priced per team member, for teams of at least three.',
    unitPrice: 2400,
    minimumQuantity: 3,
    reportTypes: [],
    position: 50,
  },
  {
    sku: 'SERVICE-CULTURE-FIT',
    kind: 'service',
    title: 'Workplace culture analysis',
    summary: 'How your people’s work values and culture preferences compare with the organisation’s. Priced per employee.',
    description:
      'For organisations: employees complete the environment assessment and the organisation receives an aggregated picture of preferred cultures and work values, compared with the culture it aims for. Groups smaller than five are never shown. Priced per employee, from five employees.',
    unitPrice: 1500,
    minimumQuantity: 5,
    reportTypes: [],
    position: 60,
  },
];

/**
 * Inserts the products that are missing (by sku, whatever its letter case). Existing products are
 * left as they are: the operator's changes to prices or texts must survive every restart.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(products)
    .values([...catalogueProducts])
    .onConflictDoNothing();
}
