import { tenureBands, type SuppressionReason, type TenureBand } from '@app/contract/team-insights';

// Issue 13: which groups of the team overview may be shown. A viewer can ask for the whole team,
// a position title, a tenure band, or both; every such group of one organisation and one set is
// decided here at once, from the number of respondents per (title, tenure) cell, so that whatever
// combination of requests a viewer makes, the groups they can be shown obey the same rules:
//
// 1. Minimum: a group with fewer respondents than the minimum is not shown ('below_minimum').
// 2. Differencing ('difference'): no two shown groups differ by fewer than the minimum people
//    (for a group B inside a shown group A, |A| - |B| >= minimum), else subtracting one from the
//    other would show a handful of people; the smaller of the two is hidden.
// 3. Complements: when a shown group is split by a filter (the team by tenure or by title, a title
//    by tenure, a tenure band by title), the people of the hidden parts together (those without a
//    title included) are none or at least the minimum, else adding up the shown parts and
//    subtracting them from the whole would reveal them; the smallest shown part is hidden too.
//
// Hiding a group can break rule 3 elsewhere, so the rules run until nothing changes. Pure: no
// database, so property tests can try any memberships and minimums (group-disclosure.test.ts).

/** Respondents of one set with one position title (null: none known) and one tenure band. */
export interface DisclosureCell {
  title: string | null;
  tenure: TenureBand;
  people: number;
}

/** A group a viewer can ask for: null means "any" (no filter on that dimension). */
export interface GroupKey {
  title: string | null;
  tenure: TenureBand | null;
}

export type Disclosure = { shown: true; people: number } | { shown: false; reason: SuppressionReason };

export interface GroupDisclosure {
  /** Every group a viewer could ask for (the empty ones included), the whole team first. */
  groups: readonly GroupKey[];
  decide(group: GroupKey): Disclosure;
}

const keyOf = (group: GroupKey) => JSON.stringify([group.title, group.tenure]);
const specificity = (group: GroupKey) => (group.title === null ? 0 : 1) + (group.tenure === null ? 0 : 1);

/** Decides every group of the cells under the minimum (at least 1). */
export function decideDisclosure(cells: readonly DisclosureCell[], minimum: number): GroupDisclosure {
  const titles = [...new Set(cells.filter((cell) => cell.title !== null && cell.people > 0).map((cell) => cell.title as string))].sort();
  const size = new Map<string, number>();
  const add = (group: GroupKey, people: number) => size.set(keyOf(group), (size.get(keyOf(group)) ?? 0) + people);
  const whole: GroupKey = { title: null, tenure: null };
  const titleGroups = titles.map((title): GroupKey => ({ title, tenure: null }));
  const tenureGroups = tenureBands.map((tenure): GroupKey => ({ title: null, tenure }));
  const cellGroups = titles.flatMap((title) => tenureBands.map((tenure): GroupKey => ({ title, tenure })));
  const groups = [whole, ...titleGroups, ...tenureGroups, ...cellGroups];
  for (const group of groups) size.set(keyOf(group), 0);
  for (const cell of cells) {
    add(whole, cell.people);
    add({ title: null, tenure: cell.tenure }, cell.people);
    if (cell.title !== null) {
      add({ title: cell.title, tenure: null }, cell.people);
      add({ title: cell.title, tenure: cell.tenure }, cell.people);
    }
  }
  const sizeOf = (group: GroupKey) => size.get(keyOf(group)) ?? 0;

  const hidden = new Map<string, SuppressionReason>();
  for (const group of groups) if (sizeOf(group) < minimum) hidden.set(keyOf(group), 'below_minimum');
  const shown = (group: GroupKey) => !hidden.has(keyOf(group));
  const smaller = (a: GroupKey, b: GroupKey) => {
    const bySize = sizeOf(a) - sizeOf(b);
    if (bySize !== 0) return bySize < 0 ? a : b;
    const bySpecificity = specificity(a) - specificity(b);
    if (bySpecificity !== 0) return bySpecificity > 0 ? a : b;
    return keyOf(a) > keyOf(b) ? a : b;
  };

  // Pairs that overlap (disjoint shown groups differ by at least twice the minimum): the whole
  // team with every group, a title with its cells and with every tenure band, a band with its cells.
  const overlappingPairs: [GroupKey, GroupKey, GroupKey][] = [];
  for (const group of groups.slice(1)) overlappingPairs.push([whole, group, group]);
  for (const title of titles) {
    for (const tenure of tenureBands) {
      const cell = { title, tenure };
      overlappingPairs.push([{ title, tenure: null }, cell, cell], [{ title: null, tenure }, cell, cell], [{ title, tenure: null }, { title: null, tenure }, cell]);
    }
  }
  // Parents and the parts a filter splits them into (rule 3).
  const partitions: [GroupKey, GroupKey[]][] = [
    [whole, tenureGroups],
    [whole, titleGroups],
    ...titleGroups.map((group): [GroupKey, GroupKey[]] => [group, tenureBands.map((tenure) => ({ title: group.title, tenure }))]),
    ...tenureGroups.map((group): [GroupKey, GroupKey[]] => [group, titles.map((title) => ({ title, tenure: group.tenure }))]),
  ];

  for (let changed = true; changed; ) {
    changed = false;
    for (const [first, second, intersection] of overlappingPairs) {
      if (!shown(first) || !shown(second)) continue;
      const difference = sizeOf(first) + sizeOf(second) - 2 * sizeOf(intersection);
      if (difference > 0 && difference < minimum) {
        hidden.set(keyOf(smaller(first, second)), 'difference');
        changed = true;
      }
    }
    for (const [parent, parts] of partitions) {
      if (!shown(parent)) continue;
      const shownParts = parts.filter(shown);
      const unaccounted = sizeOf(parent) - shownParts.reduce((sum, part) => sum + sizeOf(part), 0);
      if (unaccounted > 0 && unaccounted < minimum && shownParts.length > 0) {
        hidden.set(keyOf(shownParts.reduce(smaller)), 'difference');
        changed = true;
      }
    }
  }

  return {
    groups,
    decide(group) {
      const reason = hidden.get(keyOf(group));
      if (reason) return { shown: false, reason };
      // A title no one has is not among the groups: nobody in it.
      if (!size.has(keyOf(group))) return { shown: false, reason: 'below_minimum' };
      return { shown: true, people: sizeOf(group) };
    },
  };
}
