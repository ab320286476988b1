import type { OrganisationDraft, OrganisationDraftEnvelope } from '@app/contract/organisations';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationDrafts } from '../../db/schema/organisation-drafts.ts';
import { ValidationError } from '../../lib/domain-errors.ts';

// The creation wizard's draft (issue 12): what the user entered so far, as typed, one per account,
// so Back, Next and a reload (on this or another device) find it again. Only its shape and size are
// checked here; the steps' rules apply on Next and on the final submit.

type Draft = NonNullable<OrganisationDraftEnvelope['data']>;

/** The caller's draft, or null when there is none. */
export async function findDraft(db: DatabaseHandle, userId: string): Promise<Draft | null> {
  const [row] = await db.select().from(organisationDrafts).where(eq(organisationDrafts.userId, userId));
  return row ? { step: row.step as Draft['step'], form: row.form, updated_at: row.updatedAt.toISOString() } : null;
}

/**
 * The deepest a draft's form may nest: the wizard's own is three levels (details.users.0.email).
 * Issue 14's fuzz run: a form nested 20,000 deep answered 500 (beyond what JSON and PostgreSQL's
 * jsonb take); within the 1 MB body limit a form could still nest hundreds of thousands deep.
 */
export const maxDraftDepth = 32;
export const draftTooDeepMessage = 'The draft is nested too deeply to be kept.';

/** Keeps the caller's draft, replacing the one before. */
export async function saveDraft(db: DatabaseHandle, userId: string, draft: OrganisationDraft, at: Date): Promise<Draft> {
  if (depthOf(draft.form) > maxDraftDepth) throw new ValidationError({ form: [draftTooDeepMessage] });
  const values = { step: draft.step, form: draft.form, updatedAt: at };
  await db
    .insert(organisationDrafts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: organisationDrafts.userId, set: values });
  return { ...draft, updated_at: at.toISOString() };
}

/** How deep objects and arrays nest in the value (a plain value: 0), counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > maxDraftDepth) return deepest;
    for (const item of Object.values(current)) pending.push([item, depth + 1]);
  }
  return deepest;
}

/** Forgets the caller's draft (nothing happens when there is none). */
export async function deleteDraft(db: DatabaseHandle, userId: string): Promise<void> {
  await db.delete(organisationDrafts).where(eq(organisationDrafts.userId, userId));
}
