import { z } from 'zod';

// The operator's command line (`npm run admin`, src/cli) hands the services the options as typed;
// each service checks them with zod, so the command line and the tests share the rules. These are
// the pieces every subject of the tool uses (the shop's catalogue and coupons, the organisations'
// plans, prices and sales follow-up).

/** A refusal the command line prints as it is (one line, no stack). */
export class AdminInputError extends Error {
  override name = 'AdminInputError';
}

/** Euros as typed by a person ('29', '29.9', '29.90') to cents, without floating point. */
export const euroAmount = z
  .string()
  .trim()
  .regex(/^\d{1,9}([.,]\d{1,2})?$/, 'must be an amount in euros such as 29 or 29.90')
  .transform((value) => {
    const [whole = '0', fraction = ''] = value.replace(',', '.').split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

/**
 * A percentage as typed ('10', '12.5', '33.33') to basis points (1250), without floating point.
 * The caller bounds it: a coupon takes above 0, a plan's discount 0 too.
 */
export const percentageInBasisPoints = z
  .string()
  .trim()
  .regex(/^\d{1,3}([.,]\d{1,2})?$/, 'must be a percentage such as 10 or 12.5')
  .transform((value) => {
    const [whole = '0', fraction = ''] = value.replace(',', '.').split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  });

/** The options after parsing, or an AdminInputError naming the first option in fault ('--price must ...'). */
export function parseAdminInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const option = issue?.path[0] === undefined ? '' : `--${String(issue.path[0]).replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} `;
  // A missing option otherwise reads 'Invalid input: expected string, received undefined'.
  const message = issue?.code === 'invalid_type' && issue.input === undefined ? 'is required' : (issue?.message ?? 'is invalid');
  throw new AdminInputError(`${option}${message}`);
}
