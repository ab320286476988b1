import { productKinds, reportTypes } from '@app/contract/basket';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/connection.ts';
import { coupons } from '../../../db/schema/coupons.ts';
import { products } from '../../../db/schema/products.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { AdminInputError, euroAmount, parseAdminInput as parse, percentageInBasisPoints } from '../../../lib/admin-input.ts';
import { fullBasisPoints } from '../../tax/public.ts';

// What an operator does with `npm run admin -- products|coupons ...` (issue 5): list, create,
// update, deactivate. Products and coupons are never deleted: orders and baskets refer to them.
// Inputs are checked here with zod (lib/admin-input.ts), so the command line and the tests share
// the rules.

/** A coupon's percentage: above 0, at most 100. */
const percentage = percentageInBasisPoints.refine((basisPoints) => basisPoints > 0 && basisPoints <= fullBasisPoints, 'must be above 0 and at most 100');

const instant = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(value) && !Number.isNaN(Date.parse(value)), 'must be a date (yyyy-MM-dd, midnight UTC) or an ISO 8601 instant')
  .transform((value) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value));

const count = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1');
const text = z.string().trim().min(1, 'must not be empty');
const sku = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,63}$/, 'must be 2-64 letters, digits, - or _');
const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/, 'must be 3-64 letters, digits, - or _');
const reportTypeList = z
  .string()
  .trim()
  .transform((value) => (value === '' ? [] : value.split(',').map((part) => part.trim())))
  .pipe(z.array(z.enum(reportTypes, { error: `must be a comma-separated list of ${reportTypes.join(', ')}` })));
const flag = z.enum(['true', 'false', 'yes', 'no'], { error: 'must be true or false' }).transform((value) => value === 'true' || value === 'yes');
/** 'none' clears an optional limit or date. */
const none = z.literal('none').transform(() => null);

export const productCreateInput = z
  .object({
    sku,
    kind: z.enum(productKinds, { error: `must be one of ${productKinds.join(', ')}` }),
    title: text,
    summary: text,
    description: text,
    price: euroAmount,
    minimum: count.default(1),
    reportTypes: reportTypeList.default([]),
    position: z.coerce.number().int('must be a whole number').default(0),
  })
  .superRefine((input, context) => checkKindGrants(input.kind, input.reportTypes, context));
export type ProductCreateInput = z.input<typeof productCreateInput>;

export const productUpdateInput = z.object({
  title: text.optional(),
  summary: text.optional(),
  description: text.optional(),
  price: euroAmount.optional(),
  minimum: count.optional(),
  reportTypes: reportTypeList.optional(),
  position: z.coerce.number().int('must be a whole number').optional(),
  active: flag.optional(),
});
export type ProductUpdateInput = z.input<typeof productUpdateInput>;

export const couponCreateInput = z
  .object({
    code,
    percent: percentage.optional(),
    amount: euroAmount.optional(),
    from: instant.optional(),
    until: instant.optional(),
    maxUses: count.optional(),
    maxUsesPerUser: count.optional(),
    minimumSubtotal: euroAmount.default(0),
    description: z.string().trim().default(''),
  })
  .superRefine((input, context) => {
    if ((input.percent === undefined) === (input.amount === undefined)) {
      context.addIssue({ code: 'custom', path: ['percent'], message: 'give either --percent or --amount' });
    }
    if (input.amount === 0) context.addIssue({ code: 'custom', path: ['amount'], message: 'must be above 0' });
    if (input.from && input.until && input.from >= input.until) context.addIssue({ code: 'custom', path: ['until'], message: 'must be after --from' });
  });
export type CouponCreateInput = z.input<typeof couponCreateInput>;

export const couponUpdateInput = z
  .object({
    percent: percentage.optional(),
    amount: euroAmount.optional(),
    from: z.union([none, instant]).optional(),
    until: z.union([none, instant]).optional(),
    maxUses: z.union([none, count]).optional(),
    maxUsesPerUser: z.union([none, count]).optional(),
    minimumSubtotal: euroAmount.optional(),
    description: z.string().trim().optional(),
    active: flag.optional(),
  })
  .superRefine((input, context) => {
    if (input.percent !== undefined && input.amount !== undefined) context.addIssue({ code: 'custom', path: ['percent'], message: 'give --percent or --amount, not both' });
    if (input.amount === 0) context.addIssue({ code: 'custom', path: ['amount'], message: 'must be above 0' });
  });
export type CouponUpdateInput = z.input<typeof couponUpdateInput>;

function checkKindGrants(kind: string, grants: readonly string[], context: z.RefinementCtx): void {
  if (kind === 'report' && grants.length !== 1) context.addIssue({ code: 'custom', path: ['reportTypes'], message: 'a report grants exactly one report type' });
  if (kind === 'bundle' && grants.length < 2) context.addIssue({ code: 'custom', path: ['reportTypes'], message: 'a bundle grants at least two report types' });
  if (kind === 'service' && grants.length > 0) context.addIssue({ code: 'custom', path: ['reportTypes'], message: 'a service grants no report' });
}

export type ProductRecord = typeof products.$inferSelect;
export type CouponRecord = typeof coupons.$inferSelect;

export async function listProducts(db: Database, options: { all?: boolean } = {}): Promise<ProductRecord[]> {
  const query = db.select().from(products);
  return (options.all ? query : query.where(eq(products.active, true))).orderBy(asc(products.position), asc(products.title));
}

export async function createProduct(db: Database, raw: ProductCreateInput): Promise<ProductRecord> {
  const input = parse(productCreateInput, raw);
  try {
    const [created] = await db
      .insert(products)
      .values({
        sku: input.sku,
        kind: input.kind,
        title: input.title,
        summary: input.summary,
        description: input.description,
        unitPrice: input.price,
        minimumQuantity: input.minimum,
        reportTypes: input.reportTypes,
        position: input.position,
      })
      .returning();
    if (!created) throw new AdminInputError('the product was not created');
    return created;
  } catch (error) {
    if (isUniqueViolation(error, 'products_sku_lower_unique')) throw new AdminInputError(`a product with sku ${input.sku} already exists`);
    throw error;
  }
}

export async function updateProduct(db: Database, productSku: string, raw: ProductUpdateInput): Promise<ProductRecord> {
  const input = parse(productUpdateInput, raw);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(sql`lower(${products.sku}) = lower(${productSku.trim()})`).for('update');
    if (!current) throw new AdminInputError(`no product has sku ${productSku}`);
    const grants = input.reportTypes ?? current.reportTypes;
    parse(
      z.object({ kind: z.string(), reportTypes: z.array(z.string()) }).superRefine((value, context) => checkKindGrants(value.kind, value.reportTypes, context)),
      { kind: current.kind, reportTypes: grants },
    );
    const [updated] = await tx
      .update(products)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.price !== undefined && { unitPrice: input.price }),
        ...(input.minimum !== undefined && { minimumQuantity: input.minimum }),
        ...(input.reportTypes !== undefined && { reportTypes: input.reportTypes }),
        ...(input.position !== undefined && { position: input.position }),
        ...(input.active !== undefined && { active: input.active }),
        updatedAt: new Date(),
      })
      .where(eq(products.id, current.id))
      .returning();
    if (!updated) throw new AdminInputError(`no product has sku ${productSku}`);
    return updated;
  });
}

/** Takes a product off sale: it leaves the catalogue, and baskets drop it at their next pricing. */
export async function deactivateProduct(db: Database, productSku: string): Promise<ProductRecord> {
  return updateProduct(db, productSku, { active: 'false' });
}

export async function listCoupons(db: Database): Promise<CouponRecord[]> {
  return db.select().from(coupons).orderBy(asc(coupons.code));
}

export async function createCoupon(db: Database, raw: CouponCreateInput): Promise<CouponRecord> {
  const input = parse(couponCreateInput, raw);
  try {
    const [created] = await db
      .insert(coupons)
      .values({
        code: input.code,
        type: input.percent !== undefined ? 'percentage' : 'fixed',
        value: input.percent ?? input.amount ?? 0,
        validFrom: input.from ?? null,
        validUntil: input.until ?? null,
        maxRedemptions: input.maxUses ?? null,
        maxRedemptionsPerUser: input.maxUsesPerUser ?? null,
        minimumSubtotal: input.minimumSubtotal,
        description: input.description,
      })
      .returning();
    if (!created) throw new AdminInputError('the coupon was not created');
    return created;
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_code_lower_unique')) throw new AdminInputError(`a coupon with code ${input.code} already exists (codes ignore letter case)`);
    throw error;
  }
}

export async function updateCoupon(db: Database, couponCode: string, raw: CouponUpdateInput): Promise<CouponRecord> {
  const input = parse(couponUpdateInput, raw);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${couponCode.trim()})`).for('update');
    if (!current) throw new AdminInputError(`no coupon has code ${couponCode}`);
    const validFrom = input.from === undefined ? current.validFrom : input.from;
    const validUntil = input.until === undefined ? current.validUntil : input.until;
    if (validFrom && validUntil && validFrom >= validUntil) throw new AdminInputError('--until must be after --from');
    const [updated] = await tx
      .update(coupons)
      .set({
        ...(input.percent !== undefined && { type: 'percentage', value: input.percent }),
        ...(input.amount !== undefined && { type: 'fixed', value: input.amount }),
        validFrom,
        validUntil,
        ...(input.maxUses !== undefined && { maxRedemptions: input.maxUses }),
        ...(input.maxUsesPerUser !== undefined && { maxRedemptionsPerUser: input.maxUsesPerUser }),
        ...(input.minimumSubtotal !== undefined && { minimumSubtotal: input.minimumSubtotal }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.active !== undefined && { active: input.active }),
        updatedAt: new Date(),
      })
      .where(eq(coupons.id, current.id))
      .returning();
    if (!updated) throw new AdminInputError(`no coupon has code ${couponCode}`);
    return updated;
  });
}

/** The code stops applying at once: baskets holding it drop it at their next pricing. */
export async function deactivateCoupon(db: Database, couponCode: string): Promise<CouponRecord> {
  return updateCoupon(db, couponCode, { active: 'false' });
}
