import type { Bank, BankItem } from '../src/bank-schema.ts';

/** Answers for every item of a bank, from a rule per item (tests only). */
export function answersFor(bank: Bank, valueOf: (item: BankItem, index: number) => number): Map<string, number> {
  return new Map(bank.items.map((item, index) => [item.id, valueOf(item, index)]));
}

/** The items of one scale (and facet), in asking order. */
export function itemsOf(bank: Bank, scale: string, facet?: string): BankItem[] {
  return bank.items.filter((item) => item.scale === scale && (facet === undefined || item.facet === facet));
}
