import { reportApiPaths } from '@app/contract/api-paths';
import { reportList, type ReportListItem } from '@app/contract/reports';
import type { RegisteredUser } from './auth-helpers.ts';
import { addToBasket, checkout } from './checkout-helpers.ts';
import type { TestApp } from './test-app.ts';

/** GET /api/reports for the user; throws unless 200. */
export async function reportsOf(t: TestApp, user: RegisteredUser): Promise<ReportListItem[]> {
  const response = await t.app.inject({ method: 'GET', url: reportApiPaths.list, headers: user.authHeaders });
  if (response.statusCode !== 200) throw new Error(`GET /api/reports answered ${response.statusCode}: ${response.body}`);
  return reportList.parse(response.json()).data;
}

/** Buys the products (by sku) with the test card that pays. */
export async function buyReports(t: TestApp, user: RegisteredUser, ...skus: string[]): Promise<void> {
  for (const sku of skus) await addToBasket(t, user, sku);
  const result = await checkout(t, user);
  if (result.status !== 'paid') throw new Error(`the checkout ended ${result.status}`);
}

/** Polls the list until `done` holds for it (generation runs in a background job), at most `timeoutMs`. */
export async function waitForReports(t: TestApp, user: RegisteredUser, done: (reports: ReportListItem[]) => boolean, timeoutMs = 20_000): Promise<ReportListItem[]> {
  const startedAt = performance.now();
  for (;;) {
    const reports = await reportsOf(t, user);
    if (done(reports)) return reports;
    if (performance.now() - startedAt > timeoutMs) throw new Error(`reports not as expected after ${timeoutMs} ms: ${JSON.stringify(reports.map((report) => [report.type, report.status]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const allReady = (count: number) => (reports: ReportListItem[]) => reports.length === count && reports.every((report) => report.status === 'ready');
