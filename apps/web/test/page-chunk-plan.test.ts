// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { planPageChunks, type PlanUnit } from '../page-chunk-plan.ts';

const unit = (id: string, pages: number[], size: number, imports: string[] = []): PlanUnit => ({ id, pages, size, imports });
const sorted = (chunks: { units: string[]; pages: number[] }[]) => chunks.map((chunk) => ({ units: [...chunk.units].sort(), pages: chunk.pages })).sort((a, b) => a.units[0]!.localeCompare(b.units[0]!));

describe('the page chunks plan', () => {
  it('puts the units that the same pages load into one chunk, and no more, when a file is worth nothing', () => {
    const chunks = planPageChunks([unit('a', [0, 1], 100), unit('b', [0, 1], 200), unit('c', [1], 50)], { fileCost: 0, unusedShare: 1 });
    expect(sorted(chunks)).toEqual([
      { units: ['a', 'b'], pages: [0, 1] },
      { units: ['c'], pages: [1] },
    ]);
  });

  it('merges chunks that pages share when a file saved is worth more than the bytes some pages load for nothing', () => {
    // Pages 0 and 1 load both; page 2 would load `a`'s 100 bytes without using them.
    const units = [unit('a', [0, 1], 100), unit('b', [0, 1, 2], 1000)];
    expect(sorted(planPageChunks(units, { fileCost: 3000, unusedShare: 0.5 }))).toEqual([{ units: ['a', 'b'], pages: [0, 1, 2] }]);
    // Two files saved are worth less than 100 bytes: no merge.
    expect(planPageChunks(units, { fileCost: 40, unusedShare: 0.5 })).toHaveLength(2);
  });

  it('keeps every page within its share of unused bytes', () => {
    const units = [unit('a', [0, 1], 100), unit('b', [0, 1, 2], 1000)];
    // Page 2 uses 1000 bytes: 100 unused is 10 %.
    expect(planPageChunks(units, { fileCost: 3000, unusedShare: 0.1 })).toHaveLength(1);
    expect(planPageChunks(units, { fileCost: 3000, unusedShare: 0.09 })).toHaveLength(2);
  });

  it('makes no merge that would grow a chunk past its largest size', () => {
    // `b` and `c` are loaded by the same pages: one chunk of 25 KB from the start.
    const units = [unit('a', [0, 1], 20_000), unit('b', [0, 1, 2], 15_000), unit('c', [0, 1, 2], 10_000)];
    // Two files saved are worth the 20 KB page 2 would load for nothing: without a limit, one chunk.
    expect(planPageChunks(units, { fileCost: 20_000, unusedShare: 1 })).toHaveLength(1);
    expect(sorted(planPageChunks(units, { fileCost: 20_000, unusedShare: 1, maxSize: 30_000 }))).toEqual([
      { units: ['a'], pages: [0, 1] },
      { units: ['b', 'c'], pages: [0, 1, 2] },
    ]);
  });

  it('counts what a merged chunk imports: a page that would load it anew pays its bytes and its file', () => {
    // Page 0 loads `a` only; merging `b` into `a` would make page 0 load `b` and `big`, which `b` imports.
    const units = [unit('a', [0, 1], 1000), unit('b', [1], 100, ['big']), unit('big', [1], 50_000)];
    const chunks = planPageChunks(units, { fileCost: 3000, unusedShare: 1 });
    expect(chunks.find((chunk) => chunk.units.includes('a'))?.units).toEqual(['a']);
    // `b` and `big` are loaded by the same page: one chunk.
    expect(sorted(chunks)).toContainEqual({ units: ['b', 'big'], pages: [1] });
  });

  it('on random bundles, keeps chunks free of circular imports, pages within their unused share, and never adds a file', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 40; round += 1) {
      // Units import only later ones; a unit's pages include its importers' (as a bundle's do).
      const count = 5 + Math.floor(random() * 25);
      const pageCount = 2 + Math.floor(random() * 6);
      const imports = Array.from({ length: count }, (_, index) => Array.from({ length: count }, (_, other) => other).filter((other) => other > index && random() < 0.15));
      const pages = Array.from({ length: count }, () => new Set(Array.from({ length: pageCount }, (_, page) => page).filter(() => random() < 0.3)));
      for (let index = 0; index < count; index += 1) for (const other of imports[index]!) for (const page of pages[index]!) pages[other]!.add(page);
      const units = Array.from({ length: count }, (_, index) => unit(`u${index}`, [...pages[index]!], 100 + Math.floor(random() * 5000), imports[index]!.map((other) => `u${other}`))).filter((candidate) => candidate.pages.length > 0);
      const options = { fileCost: 500 + random() * 5000, unusedShare: random() * 0.3 };
      const chunks = planPageChunks(units, options);

      const chunkOf = new Map(chunks.flatMap((chunk, index) => chunk.units.map((id) => [id, index] as const)));
      expect([...chunkOf.keys()].sort()).toEqual(units.map((candidate) => candidate.id).sort());
      const chunkImports = chunks.map((chunk) => new Set(chunk.units.flatMap((id) => units.find((candidate) => candidate.id === id)!.imports.map((imported) => chunkOf.get(imported)!))));
      chunkImports.forEach((imported, index) => imported.delete(index));
      // No circle: a chunk never reaches itself.
      const reach = (from: number) => {
        const seen = new Set<number>();
        const pending = [...chunkImports[from]!];
        for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
          if (seen.has(next)) continue;
          seen.add(next);
          pending.push(...chunkImports[next]!);
        }
        return seen;
      };
      chunks.forEach((_, index) => expect(reach(index).has(index)).toBe(false));
      // Each page: what it loads beyond what it uses stays within its share; it loads no more files.
      for (let page = 0; page < pageCount; page += 1) {
        const own = units.filter((candidate) => candidate.pages.includes(page));
        if (own.length === 0) continue;
        const loaded = new Set<number>();
        for (const candidate of own) for (const index of [chunkOf.get(candidate.id)!, ...reach(chunkOf.get(candidate.id)!)]) loaded.add(index);
        const usedBytes = own.reduce((sum, candidate) => sum + candidate.size, 0);
        const loadedBytes = units.filter((candidate) => loaded.has(chunkOf.get(candidate.id)!)).reduce((sum, candidate) => sum + candidate.size, 0);
        expect(loadedBytes - usedBytes).toBeLessThanOrEqual(usedBytes * options.unusedShare + 1e-9);
        expect(loaded.size).toBeLessThanOrEqual(own.length);
        // The plan's own record of the pages agrees with what the page loads.
        for (const index of loaded) expect(chunks[index]!.pages).toContain(page);
      }
    }
  });
});
