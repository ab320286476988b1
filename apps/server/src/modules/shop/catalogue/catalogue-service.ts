import type { Product, ProductKind, ReportType } from '@app/contract/basket';
import { basketRuleMessages, reportTypes } from '@app/contract/basket';
import { and, asc, eq, sql } from 'drizzle-orm';
import { products } from '../../../db/schema/products.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { preparedPerHandle } from '../../../db/prepared-per-handle.ts';
import type { DatabaseHandle } from '../../../db/database-handle.ts';

export type ProductRow = typeof products.$inferSelect;

/** The active catalogue, in catalogue order (GET /api/products). */
export async function listActiveProducts(db: DatabaseHandle): Promise<Product[]> {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.position), asc(products.title));
  return rows.map(toProduct);
}

/**
 * The product a basket request names: by id, else by sku (case-insensitive). Only products for
 * sale count; undefined for anything else (spec 5: "neither product id nor a known sku").
 */
export async function findProductForSale(db: DatabaseHandle, ref: { productId?: string | undefined; sku?: string | undefined }): Promise<ProductRow | undefined> {
  let condition;
  if (ref.productId !== undefined) {
    if (!isUuid(ref.productId)) return undefined;
    condition = eq(products.id, ref.productId);
  } else if (ref.sku !== undefined) {
    condition = sql`lower(${products.sku}) = lower(${ref.sku.trim()})`;
  } else {
    return undefined;
  }
  const [product] = await db
    .select()
    .from(products)
    .where(and(condition, eq(products.active, true)))
    .limit(1);
  return product;
}

export function toProduct(row: ProductRow): Product {
  const kind = productKindOf(row.kind);
  const grants = reportTypesOf(row.reportTypes);
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    description: row.description,
    summary: row.summary,
    unit_price: row.unitPrice,
    minimum_quantity: row.minimumQuantity,
    kind,
    report_type: kind === 'report' ? (grants[0] ?? null) : null,
    report_types: grants,
  };
}

export function productKindOf(kind: string): ProductKind {
  return kind === 'bundle' || kind === 'service' ? kind : 'report';
}

/** Report types as stored, keeping only those the contract knows. */
export function reportTypesOf(stored: readonly string[]): ReportType[] {
  // A type guard, not a zod parse: this runs for every basket line on every GET /api/cart.
  return stored.filter(isReportType);
}

const knownReportTypes: ReadonlySet<string> = new Set(reportTypes);

function isReportType(value: string): value is ReportType {
  return knownReportTypes.has(value);
}

/** A product for sale as the basket adds it, with the report types of it the user already owns. */
export interface ProductToAdd {
  id: string;
  title: string;
  kind: string;
  unitPrice: number;
  minimumQuantity: number;
  reportTypes: string[];
  /** Which of `reportTypes` the user has been granted already (any order, any generation state). */
  ownedReportTypes: string[];
}

// POST /api/cart/items: one prepared statement per way of naming the product (id, or sku in any
// letter case), outside the basket's transaction (the catalogue is not the basket's to lock).
const productToAddColumns = {
  id: products.id,
  title: products.title,
  kind: products.kind,
  unitPrice: products.unitPrice,
  minimumQuantity: products.minimumQuantity,
  reportTypes: products.reportTypes,
  ownedReportTypes: sql<string[]>`array(select distinct g.report_type from granted_reports g where g.user_id = ${sql.placeholder('userId')} and g.report_type = any(${products.reportTypes}))`,
};

const productToAddQueries = preparedPerHandle((db: DatabaseHandle) => ({
  byId: db
    .select(productToAddColumns)
    .from(products)
    .where(and(eq(products.id, sql.placeholder('productId')), eq(products.active, true)))
    .prepare('product_to_add_by_id'),
  bySku: db
    .select(productToAddColumns)
    .from(products)
    .where(and(sql`lower(${products.sku}) = lower(${sql.placeholder('sku')})`, eq(products.active, true)))
    .limit(1)
    .prepare('product_to_add_by_sku'),
}));

/** The product a basket request names (by id, else by sku), if it is for sale; see findProductForSale. */
export async function findProductToAdd(db: DatabaseHandle, userId: string, ref: { productId?: string | undefined; sku?: string | undefined }): Promise<ProductToAdd | undefined> {
  const queries = productToAddQueries(db);
  if (ref.productId !== undefined) {
    if (!isUuid(ref.productId)) return undefined;
    return (await queries.byId.execute({ productId: ref.productId, userId }))[0];
  }
  if (ref.sku !== undefined) return (await queries.bySku.execute({ sku: ref.sku.trim(), userId }))[0];
  return undefined;
}

/**
 * Why the user cannot buy this product again, or null. A report already granted is refused; a
 * bundle only when every report in it is owned: with some missing, the bundle still brings new
 * reports (and may cost less than buying them one by one), so the buyer decides.
 */
export function alreadyOwnedRefusal(product: { title: string; kind: string; reportTypes: readonly string[] }, owned: readonly string[]): string | null {
  const grants = reportTypesOf(product.reportTypes);
  if (grants.length === 0 || !grants.every((type) => owned.includes(type))) return null;
  return productKindOf(product.kind) === 'bundle' ? basketRuleMessages.bundleAlreadyOwned(product.title) : basketRuleMessages.reportAlreadyOwned(product.title);
}

/** The report types among `types` that the user has been granted already (checkout's re-check). */
export async function ownedReportTypes(db: DatabaseHandle, userId: string, types: readonly ReportType[]): Promise<string[]> {
  if (types.length === 0) return [];
  // The contract's report types are plain words, so they form an array literal as they are.
  const result = await db.execute<{ report_type: string }>(
    sql`select distinct report_type from granted_reports where user_id = ${userId} and report_type = any(${`{${types.join(',')}}`}::text[])`,
  );
  return result.rows.map((row) => row.report_type);
}
