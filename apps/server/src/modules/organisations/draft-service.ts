import type { OrganisationDraft, OrganisationDraftEnvelope } from '@app/contract/organisations';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationDrafts } from '../../db/schema/organisation-drafts.ts';

// The creation wizard's draft (issue 12): what the user entered so far, as typed, one per account,
// so Back, Next and a reload (on this or another device) find it again. Only its shape and size are
// checked here; the steps' rules apply on Next and on the final submit.

type Draft = NonNullable<OrganisationDraftEnvelope['data']>;

/** The caller's draft, or null when there is none. */
export async function findDraft(db: DatabaseHandle, userId: string): Promise<Draft | null> {
  const [row] = await db.select().from(organisationDrafts).where(eq(organisationDrafts.userId, userId));
  return row ? { step: row.step as Draft['step'], form: row.form, updated_at: row.updatedAt.toISOString() } : null;
}

/** Keeps the caller's draft, replacing the one before. */
export async function saveDraft(db: DatabaseHandle, userId: string, draft: OrganisationDraft, at: Date): Promise<Draft> {
  const values = { step: draft.step, form: draft.form, updatedAt: at };
  await db
    .insert(organisationDrafts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: organisationDrafts.userId, set: values });
  return { ...draft, updated_at: at.toISOString() };
}

/** Forgets the caller's draft (nothing happens when there is none). */
export async function deleteDraft(db: DatabaseHandle, userId: string): Promise<void> {
  await db.delete(organisationDrafts).where(eq(organisationDrafts.userId, userId));
}
