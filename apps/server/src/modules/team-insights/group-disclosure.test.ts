import { tenureBands, type TenureBand } from '@app/contract/team-insights';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideDisclosure, type DisclosureCell, type GroupKey } from './group-disclosure.ts';

// Issue 13, "Aggregates": never a group under the minimum, also through combined filters and
// differencing. Generated memberships (each respondent's position title or none, and tenure band)
// and minimums; every filter combination is checked against the rules by brute force over the
// people themselves, not over the cells the function works with.

interface Person {
  title: string | null;
  tenure: TenureBand;
}

const titlePool = ['Carpenter', 'Director', 'Designer', 'Driver', 'Joiner'];

const person = fc.record({ title: fc.option(fc.constantFrom(...titlePool), { freq: 4 }), tenure: fc.constantFrom(...tenureBands) });
const teams = fc.array(person, { maxLength: 80 });
const minimums = fc.integer({ min: 3, max: 12 });

function cellsOf(people: readonly Person[]): DisclosureCell[] {
  const cells = new Map<string, DisclosureCell>();
  for (const member of people) {
    const key = JSON.stringify([member.title, member.tenure]);
    const cell = cells.get(key) ?? { title: member.title, tenure: member.tenure, people: 0 };
    cell.people += 1;
    cells.set(key, cell);
  }
  return [...cells.values()];
}

/** Every filter combination a viewer can send: none, a title (also one nobody has), a tenure band, both. */
function filterCombinations(): GroupKey[] {
  const titles: (string | null)[] = [null, ...titlePool, 'Astronaut'];
  const tenures: (TenureBand | null)[] = [null, ...tenureBands];
  return titles.flatMap((title) => tenures.map((tenure) => ({ title, tenure })));
}

/** The people (by index) a filter selects. */
function membersOf(people: readonly Person[], group: GroupKey): Set<number> {
  const selected = new Set<number>();
  people.forEach((member, index) => {
    if ((group.title === null || member.title === group.title) && (group.tenure === null || member.tenure === group.tenure)) selected.add(index);
  });
  return selected;
}

function symmetricDifference(a: Set<number>, b: Set<number>): number {
  let count = 0;
  for (const index of a) if (!b.has(index)) count += 1;
  for (const index of b) if (!a.has(index)) count += 1;
  return count;
}

function shownGroups(people: readonly Person[], minimum: number) {
  const disclosure = decideDisclosure(cellsOf(people), minimum);
  return filterCombinations()
    .map((group) => ({ group, members: membersOf(people, group), disclosure: disclosure.decide(group) }))
    .filter((entry) => entry.disclosure.shown);
}

describe('the team overview groups a viewer can be shown', () => {
  it('never include a group with fewer respondents than the minimum, and count them right', () => {
    fc.assert(
      fc.property(teams, minimums, (people, minimum) => {
        for (const { members, disclosure } of shownGroups(people, minimum)) {
          expect(members.size).toBeGreaterThanOrEqual(minimum);
          expect(disclosure).toEqual({ shown: true, people: members.size });
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never include two groups that differ by fewer people than the minimum', () => {
    fc.assert(
      fc.property(teams, minimums, (people, minimum) => {
        const shown = shownGroups(people, minimum);
        for (const first of shown) {
          for (const second of shown) {
            const difference = symmetricDifference(first.members, second.members);
            if (difference > 0) expect(difference, `${JSON.stringify(first.group)} and ${JSON.stringify(second.group)}`).toBeGreaterThanOrEqual(minimum);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never let the shown parts of a shown group add up to all but a few of its people', () => {
    fc.assert(
      fc.property(teams, minimums, (people, minimum) => {
        const disclosure = decideDisclosure(cellsOf(people), minimum);
        const shownSize = (group: GroupKey) => {
          const decided = disclosure.decide(group);
          return decided.shown ? decided.people : null;
        };
        const titles = [...new Set(people.map((member) => member.title).filter((title) => title !== null))];
        const parents: [GroupKey, GroupKey[]][] = [
          [{ title: null, tenure: null }, tenureBands.map((tenure) => ({ title: null, tenure }))],
          [{ title: null, tenure: null }, titles.map((title) => ({ title, tenure: null }))],
          ...titles.map((title): [GroupKey, GroupKey[]] => [{ title, tenure: null }, tenureBands.map((tenure) => ({ title, tenure }))]),
          ...tenureBands.map((tenure): [GroupKey, GroupKey[]] => [{ title: null, tenure }, titles.map((title) => ({ title, tenure }))]),
        ];
        for (const [parent, parts] of parents) {
          const whole = shownSize(parent);
          if (whole === null) continue;
          const accounted = parts.reduce((sum, part) => sum + (shownSize(part) ?? 0), 0);
          const rest = whole - accounted;
          if (rest > 0) expect(rest, `the hidden parts of ${JSON.stringify(parent)}`).toBeGreaterThanOrEqual(minimum);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('hide a group below the minimum as too small, and one inside a larger group that differs by a few as a difference', () => {
    // 12 carpenters (10 long-serving, 2 new) and 6 others: the new carpenters are too few, and the
    // long-serving carpenters differ from all carpenters by 2 people.
    const people: Person[] = [
      ...Array.from({ length: 10 }, (): Person => ({ title: 'Carpenter', tenure: 'over_2_years' })),
      ...Array.from({ length: 2 }, (): Person => ({ title: 'Carpenter', tenure: 'under_6_months' })),
      ...Array.from({ length: 6 }, (): Person => ({ title: null, tenure: '1_to_2_years' })),
    ];
    const disclosure = decideDisclosure(cellsOf(people), 5);
    expect(disclosure.decide({ title: null, tenure: null })).toEqual({ shown: true, people: 18 });
    expect(disclosure.decide({ title: 'Carpenter', tenure: null })).toEqual({ shown: true, people: 12 });
    expect(disclosure.decide({ title: 'Carpenter', tenure: 'under_6_months' })).toEqual({ shown: false, reason: 'below_minimum' });
    expect(disclosure.decide({ title: 'Carpenter', tenure: 'over_2_years' })).toEqual({ shown: false, reason: 'difference' });
    expect(disclosure.decide({ title: 'Nobody', tenure: null })).toEqual({ shown: false, reason: 'below_minimum' });
  });

  it('hide a title whose people are all but a few of the team', () => {
    // The team minus the carpenters would be the 3 people without a title.
    const people: Person[] = [
      ...Array.from({ length: 12 }, (): Person => ({ title: 'Carpenter', tenure: 'over_2_years' })),
      ...Array.from({ length: 3 }, (): Person => ({ title: null, tenure: 'over_2_years' })),
    ];
    const disclosure = decideDisclosure(cellsOf(people), 5);
    expect(disclosure.decide({ title: null, tenure: null })).toEqual({ shown: true, people: 15 });
    expect(disclosure.decide({ title: 'Carpenter', tenure: null })).toEqual({ shown: false, reason: 'difference' });
  });

  it('hide a further part when the hidden parts together are fewer than the minimum', () => {
    // Tenure splits 20 people into 8, 8 and 4: the 4 are hidden, and since the whole minus the two
    // shown 8s would give them away, one of the 8s is hidden too.
    const people: Person[] = [
      ...Array.from({ length: 8 }, (): Person => ({ title: null, tenure: 'under_6_months' })),
      ...Array.from({ length: 8 }, (): Person => ({ title: null, tenure: '6_to_12_months' })),
      ...Array.from({ length: 4 }, (): Person => ({ title: null, tenure: '1_to_2_years' })),
    ];
    const disclosure = decideDisclosure(cellsOf(people), 5);
    const bands = tenureBands.map((tenure) => disclosure.decide({ title: null, tenure }));
    expect(bands.filter((band) => band.shown)).toHaveLength(1);
    expect(bands[2]).toEqual({ shown: false, reason: 'below_minimum' });
    expect(bands.filter((band) => !band.shown && band.reason === 'difference')).toHaveLength(1);
  });
});
