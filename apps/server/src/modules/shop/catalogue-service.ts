import type { Product, ProductKind, ReportType } from '@app/contract/cart';
import { reportType } from '@app/contract/cart';
import { and, asc, eq, sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';
import { isUuid, type ShopDb } from './shop-db.ts';

export type ProductRow = typeof products.$inferSelect;

/** The active catalogue, in catalogue order (GET /api/products). */
export async function listActiveProducts(db: ShopDb): Promise<Product[]> {
  const rows = await db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.position), asc(products.title));
  return rows.map(toProduct);
}

/**
 * The product a basket request names: by id, else by sku (case-insensitive). Only products for
 * sale count; undefined for anything else (spec 5: "neither product id nor a known sku").
 */
export async function findProductForSale(db: ShopDb, ref: { productId?: string | undefined; sku?: string | undefined }): Promise<ProductRow | undefined> {
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
  return stored.flatMap((type) => {
    const parsed = reportType.safeParse(type);
    return parsed.success ? [parsed.data] : [];
  });
}
