import { account } from '@app/contract/account';
import { assessmentResultsResponse } from '@app/contract/assessment-results';
import { basketEnvelope } from '@app/contract/basket';
import { orderEnvelope, orderList } from '@app/contract/orders';
import { memberList } from '@app/contract/organisation-members';
import { organisationEnvelope, organisationList } from '@app/contract/organisations';
import { paymentMethodList } from '@app/contract/payment-methods';
import { questionResponse } from '@app/contract/questionnaire';
import { reportEnvelope, reportList } from '@app/contract/reports';
import { transactionList } from '@app/contract/transactions';
import type { z } from 'zod';
import { send } from './http-client.ts';
import type { FuzzWorld } from './world.ts';

// After the run, the fuzz user's data still reads as the contract describes it, and what the run
// could not legitimately change is unchanged: a failed or refused request left nothing half-done.

async function read<T extends z.ZodType>(baseUrl: string, world: FuzzWorld, url: string, schema: T, problems: string[]): Promise<z.infer<T> | undefined> {
  const answer = await send(baseUrl, { method: 'GET', url, session: world.session });
  if (answer.status !== 200) {
    problems.push(`GET ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return undefined;
  }
  const parsed = schema.safeParse(JSON.parse(answer.body));
  if (!parsed.success) {
    problems.push(`GET ${url} no longer matches the contract: ${parsed.error.message.slice(0, 500)}`);
    return undefined;
  }
  return parsed.data;
}

export async function consistencyProblems(baseUrl: string, world: FuzzWorld): Promise<string[]> {
  const problems: string[] = [];
  const health = await send(baseUrl, { method: 'GET', url: '/health' });
  if (health.status !== 200) problems.push(`/health answered ${health.status}`);

  const user = await read(baseUrl, world, '/api/user', account, problems);
  // The run may change the name or e-mail (PATCH /api/user/profile): the account is the same.
  if (user && user.id !== world.userId) problems.push(`GET /api/user is another account now: ${user.id}`);

  // The run may have emptied the basket (DELETE /api/cart): 204. Otherwise its lines and sums add up.
  const cart = await send(baseUrl, { method: 'GET', url: '/api/cart', session: world.session });
  if (cart.status !== 204) {
    const basket = await read(baseUrl, world, '/api/cart', basketEnvelope, problems);
    if (basket) {
      const { items, summary } = basket.data;
      for (const item of items) if (!Number.isInteger(item.quantity) || item.quantity < 1) problems.push(`a basket line with quantity ${item.quantity}`);
      if (summary.total !== summary.discount_subtotal + summary.vat_amount) problems.push(`the basket's total ${summary.total} is not its discounted subtotal plus VAT: ${JSON.stringify(summary)}`);
    }
  }

  const orders = await read(baseUrl, world, '/api/orders?per_page=100', orderList, problems);
  if (orders) {
    const ids = new Set(orders.data.map((order) => order.id));
    for (const id of world.orderIds) if (!ids.has(id)) problems.push(`order ${id} is gone from GET /api/orders`);
    for (const id of world.orderIds) {
      const order = await read(baseUrl, world, `/api/orders/${id}`, orderEnvelope, problems);
      if (order && order.data.status !== 'paid') problems.push(`order ${id}, paid before the run, is ${order.data.status} now`);
      const invoice = await send(baseUrl, { method: 'GET', url: `/api/orders/${id}/invoice`, session: world.session });
      if (invoice.status !== 200 || !invoice.body.startsWith('%PDF')) problems.push(`the invoice of order ${id} answered ${invoice.status}`);
    }
  }
  await read(baseUrl, world, '/api/transactions', transactionList, problems);
  const methods = await read(baseUrl, world, '/api/payment-methods', paymentMethodList, problems);
  if (methods && methods.data.filter((method) => method.is_default).length > 1) problems.push('more than one default payment method');

  await read(baseUrl, world, '/me/question', questionResponse, problems);
  await read(baseUrl, world, '/api/assessments/results', assessmentResultsResponse, problems);

  const reports = await read(baseUrl, world, '/api/reports', reportList, problems);
  if (reports) {
    for (const path of world.reportPaths) {
      // A report may still be generating (or waiting for the questionnaire): 409 report_not_ready, as before the run.
      const answer = await send(baseUrl, { method: 'GET', url: path, session: world.session });
      if (answer.status === 409 && answer.body.includes('"report_not_ready"')) continue;
      await read(baseUrl, world, path, reportEnvelope, problems);
    }
  }

  const organisations = await read(baseUrl, world, '/api/organisations', organisationList, problems);
  if (organisations) {
    for (const id of world.organisationIds) {
      await read(baseUrl, world, `/api/organisations/${id}`, organisationEnvelope, problems);
      const members = await read(baseUrl, world, `/api/organisations/${id}/members?per_page=100`, memberList, problems);
      if (members) {
        const owners = members.data.filter((member) => member.role === 'owner');
        if (owners.length !== 1) problems.push(`organisation ${id} has ${owners.length} owners`);
      }
    }
  }
  return problems;
}
