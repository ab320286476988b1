/** A piece the plan places: one chunk of the bundler's own splitting that some page loads at start. */
export interface PlanUnit {
  id: string;
  /** The pages (indexes) whose first screen loads it. */
  pages: readonly number[];
  /** Its size, in the unit of `fileCost` (gzipped bytes). */
  size: number;
  /** The units it imports statically (ids of others are ignored). */
  imports: readonly string[];
}

/** One planned chunk: the units it holds and the pages that load it. */
export interface PlannedChunk {
  units: string[];
  pages: number[];
}

export interface PlanOptions {
  /** What one file less on a page's first load is worth, in the unit of the sizes. */
  fileCost: number;
  /** The most a page may load that its first screen does not use, as a share of what it uses. */
  unusedShare: number;
  /**
   * The largest a merged chunk may grow, in the unit of the sizes: past it, two files downloading
   * side by side on their own connections come sooner than one (the simulated phone shares its
   * bandwidth between the files in flight, so the largest file of a page finishes last).
   */
  maxSize?: number;
}

interface Group {
  units: string[];
  pages: Set<number>;
  size: number;
  /** The groups this one imports from. */
  imports: Set<Group>;
}

/**
 * Cuts the first screens' code into chunks. First one chunk per set of pages that load a unit: no
 * page loads a byte more than before. Then, while it pays, two chunks that pages share become one:
 * a page that loads both loads one file less, worth `fileCost` (the bytes a slow phone downloads in
 * a file's share of a round trip), and a page that loads only one of them downloads the other's
 * bytes for nothing, within its `unusedShare`; no merge makes a chunk larger than `maxSize`. The
 * merge that gains most goes first. A merge that would make chunks import each other in a circle
 * is not made: their modules would no longer be sure to run in order.
 */
export function planPageChunks(units: readonly PlanUnit[], { fileCost, unusedShare, maxSize = Number.POSITIVE_INFINITY }: PlanOptions): PlannedChunk[] {
  const bySet = new Map<string, Group>();
  const groupOf = new Map<string, Group>();
  for (const unit of units) {
    const key = [...unit.pages].sort((a, b) => a - b).join(' ');
    let group = bySet.get(key);
    if (!group) {
      group = { units: [], pages: new Set(unit.pages), size: 0, imports: new Set() };
      bySet.set(key, group);
    }
    group.units.push(unit.id);
    group.size += unit.size;
    groupOf.set(unit.id, group);
  }
  for (const unit of units) {
    const from = groupOf.get(unit.id);
    for (const imported of unit.imports) {
      const to = groupOf.get(imported);
      if (from && to && to !== from) from.imports.add(to);
    }
  }

  const used = new Map<number, number>();
  for (const unit of units) for (const page of unit.pages) used.set(page, (used.get(page) ?? 0) + unit.size);
  const unused = new Map<number, number>();

  let groups = [...bySet.values()];
  const refused = new Set<string>();
  for (;;) {
    const reachable = new Map(groups.map((group) => [group, importsOf(group)]));
    let best: { a: Group; b: Group; gain: number; key: string } | undefined;
    for (let i = 0; i < groups.length; i += 1) {
      for (let j = i + 1; j < groups.length; j += 1) {
        const a = groups[i]!;
        const b = groups[j]!;
        let shared = 0;
        for (const page of a.pages) if (b.pages.has(page)) shared += 1;
        if (shared === 0) continue;
        if (a.size + b.size > maxSize) continue;
        const pages = new Set([...a.pages, ...b.pages]);
        // Each group the merged chunk loads, with the pages that would load it anew: the two
        // merged ones' bytes, and the chunks either imports (a further file as well).
        const added: { group: Group; pages: number[]; file: boolean }[] = [];
        for (const group of new Set([a, b, ...reachable.get(a)!, ...reachable.get(b)!])) {
          const newPages = [...pages].filter((page) => !group.pages.has(page));
          if (newPages.length > 0) added.push({ group, pages: newPages, file: group !== a && group !== b });
        }
        const gain = shared * fileCost - added.reduce((cost, { group, pages: newPages, file }) => cost + newPages.length * (group.size + (file ? fileCost : 0)), 0);
        if (gain <= 0 || (best && gain <= best.gain)) continue;
        const key = `${a.units[0]} ${b.units[0]}`;
        if (refused.has(key)) continue;
        const extra = new Map<number, number>();
        for (const { group, pages: newPages } of added) for (const page of newPages) extra.set(page, (extra.get(page) ?? 0) + group.size);
        if ([...extra].some(([page, bytes]) => (unused.get(page) ?? 0) + bytes > (used.get(page) ?? 0) * unusedShare)) continue;
        best = { a, b, gain, key };
      }
    }
    if (!best) break;
    const { a, b } = best;
    // One reaching the other through a third group: merged, the two would import each other.
    const through = (from: Group, to: Group) => [...from.imports].some((group) => group !== to && reachable.get(group)!.has(to));
    if (through(a, b) || through(b, a)) {
      // Merges only add imports, so the circle stays: the pair is never tried again.
      refused.add(best.key);
      continue;
    }
    const pages = new Set([...a.pages, ...b.pages]);
    for (const group of new Set([a, b, ...reachable.get(a)!, ...reachable.get(b)!])) {
      for (const page of pages) {
        if (group.pages.has(page)) continue;
        group.pages.add(page);
        unused.set(page, (unused.get(page) ?? 0) + group.size);
      }
    }
    a.units.push(...b.units);
    a.size += b.size;
    for (const imported of b.imports) a.imports.add(imported);
    a.imports.delete(a);
    a.imports.delete(b);
    for (const group of groups) if (group.imports.delete(b) && group !== a) group.imports.add(a);
    groups = groups.filter((group) => group !== b);
  }
  return groups.map((group) => ({ units: group.units, pages: [...group.pages].sort((x, y) => x - y) }));
}

/** The groups `from` imports, directly or through others. */
function importsOf(from: Group): Set<Group> {
  const seen = new Set<Group>();
  const pending = [...from.imports];
  for (let group = pending.pop(); group; group = pending.pop()) {
    if (seen.has(group)) continue;
    seen.add(group);
    pending.push(...group.imports);
  }
  return seen;
}
