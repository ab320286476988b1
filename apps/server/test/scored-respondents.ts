import type { Bank } from '@app/assessments/bank-schema';
import { loadBanks } from '@app/assessments/load-banks';
import { toResultsResponse } from '@app/assessments/results-response';
import { scoreBig5 } from '@app/assessments/scoring/big5';
import { scoreEnvironment } from '@app/assessments/scoring/environment';
import { scoreValues } from '@app/assessments/scoring/values';
import type { AssessmentResultsResponse } from '@app/contract/assessment-results';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

// Many people with all three sets completed, written straight into users and assessment_results
// in one statement (the API would take minutes for a hundred): for tests of what is computed over
// everyone's results, such as the report norms. Scores come from the real scoring functions.

export interface ScoredRespondentSpec {
  /** yyyy-MM-dd, or null for someone who gave none. */
  birthDate: string | null;
  /** ISO 8601 instant of the last answer of each set. */
  completedAt: string;
}

export interface ScoredRespondent extends ScoredRespondentSpec {
  email: string;
  /** As GET /api/assessments/results would give them (rounded as the reports see them). */
  results: AssessmentResultsResponse;
}

/** A small deterministic generator (mulberry32), so a seed always gives the same people. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** One person's answers: a leaning per scale anywhere on the choices, each item within one of it. */
function answersOf(bank: Bank, random: () => number): Map<string, number> {
  const values = bank.choices.map((choice) => choice.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const leaning = new Map<string, number>();
  const answers = new Map<string, number>();
  for (const item of bank.items) {
    if (!leaning.has(item.scale)) leaning.set(item.scale, min + random() * (max - min));
    const wanted = Math.round(leaning.get(item.scale)! + (random() * 2 - 1));
    const keyed = Math.min(max, Math.max(min, wanted));
    answers.set(item.id, item.key === 1 ? keyed : min + max - keyed);
  }
  return answers;
}

/** Inserts the people with their three scored sets; returns them with their results. */
export async function seedScoredRespondents(pool: pg.Pool, specs: readonly ScoredRespondentSpec[], seed: number): Promise<ScoredRespondent[]> {
  const banks = loadBanks();
  const random = seededRandom(seed);
  const batch = randomBytes(4).toString('hex');
  const people = specs.map((spec, index) => {
    const scores = {
      environment: scoreEnvironment(banks.environment, answersOf(banks.environment, random)),
      big5: scoreBig5(banks.big5, answersOf(banks.big5, random)),
      values: scoreValues(banks.values, answersOf(banks.values, random)),
    };
    const stored = (assessment: keyof typeof scores) => ({ scores: scores[assessment], completedAt: spec.completedAt, flags: [] });
    return {
      ...spec,
      email: `respondent-${batch}-${index}@example.com`,
      scores,
      results: toResultsResponse({ environment: stored('environment'), big5: stored('big5'), values: stored('values') }),
    };
  });
  const rows = people.map((person) => ({ name: `Respondent ${person.email}`, email: person.email, birth_date: person.birthDate, completed_at: person.completedAt, ...person.scores }));
  await pool.query(
    `with people as (
       select * from jsonb_to_recordset($1::jsonb)
         as p(name text, email text, birth_date date, completed_at timestamptz, environment jsonb, big5 jsonb, "values" jsonb)
     ),
     created as (
       insert into users (name, email, email_verified_at, birth_date)
       select name, email, completed_at, birth_date from people
       returning id, email
     )
     insert into assessment_results (user_id, assessment, scores, flags, scoring_version, completed_at, first_completed_at, computed_at)
     select created.id, sets.assessment, sets.scores, '{}', sets.scores->>'scoring_version', people.completed_at, people.completed_at, people.completed_at
     from created
     join people using (email)
     cross join lateral (values ('environment', people.environment), ('big5', people.big5), ('values', people."values")) as sets(assessment, scores)`,
    [JSON.stringify(rows)],
  );
  return people.map((person) => ({ birthDate: person.birthDate, completedAt: person.completedAt, email: person.email, results: person.results }));
}
