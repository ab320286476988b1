import { memberMessages } from '@app/contract/organisation-members';
import { shareMessages, type ClientPersonInvitationStatus, type ClientPersonKind, type ClientPersonView } from '@app/contract/organisation-shares';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database-handle.ts';
import { organisationPeople } from '../../db/schema/organisation-people.ts';
import { NotFoundError, ValidationError } from '../../lib/domain-errors.ts';
import { isUuid } from '../../lib/uuid.ts';

// An organisation's employees and contractors (organisation_people's 'employee' and 'contractor'
// lists), kept by someone the caller has already authorised: a Human Capital Expert with a client's
// share (issue 13, module organisation-shares). Every function takes the caller's transaction, so
// the caller's audit entry commits with the change or not at all. Each person shows where their
// invitation stands: joined (a member with that address), waiting (or expired), or none.

const kinds: ClientPersonKind[] = ['employee', 'contractor'];

export type ListedPerson = ClientPersonView;

const invitationState = (now: Date) => sql<string>`case
    when exists (select 1 from organisation_members m join users u on u.id = m.user_id
                 where m.organisation_id = organisation_people.organisation_id and lower(u.email) = lower(organisation_people.email)) then 'joined'
    else coalesce((select case when i.expires_at <= ${now} then 'expired' else 'pending' end from organisation_invitations i
                   where i.organisation_id = organisation_people.organisation_id and lower(i.email) = lower(organisation_people.email) and i.status = 'pending'), 'none')
  end`;

const personColumns = (now: Date) => ({
  id: organisationPeople.id,
  kind: organisationPeople.list,
  positionTitle: organisationPeople.positionTitle,
  fullName: organisationPeople.fullName,
  email: organisationPeople.email,
  invitation: invitationState(now),
  invitationExpiresAt: sql<string | null>`(select to_char(i.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from organisation_invitations i
    where i.organisation_id = organisation_people.organisation_id and lower(i.email) = lower(organisation_people.email) and i.status = 'pending')`,
});

type PersonRow = { id: string; kind: string; positionTitle: string | null; fullName: string | null; email: string; invitation: string; invitationExpiresAt: string | null };

function toView(row: PersonRow): ListedPerson {
  const invitation = row.invitation as ClientPersonInvitationStatus;
  return {
    id: row.id,
    kind: row.kind as ClientPersonKind,
    position_title: row.positionTitle,
    full_name: row.fullName ?? '',
    email: row.email,
    invitation,
    invitation_expires_at: invitation === 'pending' || invitation === 'expired' ? row.invitationExpiresAt : null,
  };
}

/** The organisation's employees and contractors, by name. */
export async function listListedPeople(tx: DatabaseHandle, organisationId: string, now: Date): Promise<ListedPerson[]> {
  const rows = await tx
    .select(personColumns(now))
    .from(organisationPeople)
    .where(and(eq(organisationPeople.organisationId, organisationId), inArray(organisationPeople.list, kinds)))
    .orderBy(asc(organisationPeople.fullName), asc(organisationPeople.id));
  return rows.map(toView);
}

/** One employee or contractor of the organisation, locked for the rest of the transaction; 404 for any other id. */
export async function findListedPerson(tx: DatabaseHandle, organisationId: string, personId: string, now: Date): Promise<ListedPerson> {
  if (!isUuid(personId)) throw new NotFoundError();
  const [locked] = await tx
    .select({ id: organisationPeople.id })
    .from(organisationPeople)
    .where(and(eq(organisationPeople.id, personId), eq(organisationPeople.organisationId, organisationId), inArray(organisationPeople.list, kinds)))
    .for('update');
  if (!locked) throw new NotFoundError();
  const [row] = await tx.select(personColumns(now)).from(organisationPeople).where(eq(organisationPeople.id, personId));
  if (!row) throw new NotFoundError();
  return toView(row);
}

async function requireAddressFree(tx: DatabaseHandle, organisationId: string, email: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: organisationPeople.id })
    .from(organisationPeople)
    .where(
      and(
        eq(organisationPeople.organisationId, organisationId),
        inArray(organisationPeople.list, kinds),
        eq(sql`lower(organisation_people.email)`, email.toLowerCase()),
        exceptId ? ne(organisationPeople.id, exceptId) : undefined,
      ),
    );
  if (taken) throw new ValidationError({ email: [shareMessages.personAlreadyListed] });
}

/** Adds an employee or a contractor (one entry per address over both lists). */
export async function addListedPerson(
  tx: DatabaseHandle,
  organisationId: string,
  input: { kind: ClientPersonKind; position_title: string; full_name: string; email: string },
  at: Date,
): Promise<ListedPerson> {
  const email = input.email.trim();
  await requireAddressFree(tx, organisationId, email);
  const [inserted] = await tx
    .insert(organisationPeople)
    .values({ organisationId, list: input.kind, positionTitle: input.position_title, fullName: input.full_name, email, createdAt: at })
    .returning({ id: organisationPeople.id });
  if (!inserted) throw new Error('the person insert returned no row');
  return findListedPerson(tx, organisationId, inserted.id, at);
}

/**
 * Changes a person's position title, name or e-mail address. The address only while the person
 * has not joined (a member's address is their account's); a waiting invitation to the old address
 * is withdrawn, since the link went to someone no longer listed.
 */
export async function updateListedPerson(
  tx: DatabaseHandle,
  organisationId: string,
  personId: string,
  changes: { position_title?: string | undefined; full_name?: string | undefined; email?: string | undefined },
  at: Date,
): Promise<{ before: ListedPerson; after: ListedPerson; invitationWithdrawn: boolean }> {
  const before = await findListedPerson(tx, organisationId, personId, at);
  const email = changes.email?.trim();
  const emailChanges = email !== undefined && email.toLowerCase() !== before.email.toLowerCase();
  let invitationWithdrawn = false;
  if (emailChanges) {
    if (before.invitation === 'joined') throw new ValidationError({ email: [shareMessages.alreadyJoined] });
    await requireAddressFree(tx, organisationId, email, personId);
    const { rowCount } = await tx.execute(
      sql`update organisation_invitations set status = 'revoked', updated_at = ${at} where organisation_id = ${organisationId} and lower(email) = lower(${before.email}) and status = 'pending'`,
    );
    invitationWithdrawn = (rowCount ?? 0) > 0;
  }
  await tx
    .update(organisationPeople)
    .set({
      ...(changes.position_title !== undefined ? { positionTitle: changes.position_title } : {}),
      ...(changes.full_name !== undefined ? { fullName: changes.full_name } : {}),
      ...(email !== undefined ? { email } : {}),
    })
    .where(eq(organisationPeople.id, personId));
  return { before, after: await findListedPerson(tx, organisationId, personId, at), invitationWithdrawn };
}

/**
 * Takes a person off the lists and withdraws a waiting invitation to them. Someone who has joined
 * stays a member: memberships are the client's owners' and admins' to end.
 */
export async function removeListedPerson(tx: DatabaseHandle, organisationId: string, personId: string, at: Date): Promise<ListedPerson> {
  const person = await findListedPerson(tx, organisationId, personId, at);
  await tx.delete(organisationPeople).where(eq(organisationPeople.id, personId));
  await tx.execute(
    sql`update organisation_invitations set status = 'revoked', updated_at = ${at} where organisation_id = ${organisationId} and lower(email) = lower(${person.email}) and status = 'pending'`,
  );
  return person;
}

/** 422 when the person has already joined: there is nothing to invite them to. */
export function requireNotJoined(person: ListedPerson): void {
  if (person.invitation === 'joined') throw new ValidationError({ email: [memberMessages.alreadyMember] });
}
