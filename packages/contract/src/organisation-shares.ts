import { z } from 'zod';
import { emailField, requiredString } from './fields.ts';

// Issue 13, "Access by type", Human Capital Expert: a client organisation shares itself with an
// HC expert organisation. The client's owner offers the share (to the expert organisation's owner,
// known by e-mail: a client never browses organisations) with a scope; the expert's owners or
// admins accept or decline; either side revokes it at any time. Within the scope the expert
// maintains the client's employees and contractors, and every such action is written to the
// client's audit log.

/** What a share lets the expert do. */
export const shareScopes = ['maintain_people', 'individual_results', 'aggregates'] as const;
export type ShareScope = (typeof shareScopes)[number];

export const shareStatuses = ['offered', 'active', 'declined', 'revoked'] as const;
export type ShareStatus = (typeof shareStatuses)[number];

/** The lists of a client's people an expert maintains (spec 6: "employees and contractors"). */
export const clientPersonKinds = ['employee', 'contractor'] as const;
export type ClientPersonKind = (typeof clientPersonKinds)[number];

/** What the audit log records. */
export const auditActions = ['person_added', 'person_updated', 'person_removed', 'invitation_sent', 'invitation_resent', 'invitation_revoked'] as const;
export type AuditAction = (typeof auditActions)[number];

export const shareMessages = {
  chooseScope: 'Choose at least one thing the expert may do',
  noExpertFound: 'No Human Capital Expert organisation is owned by this e-mail address.',
  severalExperts: 'This address owns several Human Capital Expert organisations: give the name of the one you mean.',
  onlyOwnersShare: 'Only an owner can share the organisation with a Human Capital Expert.',
  onlyBusinessesShare: 'Only a business can share itself with a Human Capital Expert.',
  alreadyShared: 'This organisation is already shared with that expert, or an offer is waiting for their answer.',
  notExpert: 'Only a Human Capital Expert organisation has clients.',
  shareNotOffered: 'This share is not waiting for an answer.',
  shareNotActive: 'This client is no longer shared with you.',
  outsideScope: 'The client has not shared this with your organisation.',
  alreadyJoined: 'This person has joined the organisation: their e-mail address can no longer be changed.',
  personAlreadyListed: 'This address is already on the list.',
  personAlreadyMember: 'This person has already joined the organisation.',
  offered: 'Share offered. The expert’s owners and admins can now accept it.',
  accepted: 'Share accepted.',
  declined: 'Share declined.',
  revoked: 'Share revoked.',
  personAdded: 'Person added.',
  personUpdated: 'Changes saved.',
  personRemoved: 'Person removed.',
} as const;

const scopeField = z
  .array(z.enum(shareScopes, { error: shareMessages.chooseScope }), { error: shareMessages.chooseScope })
  .min(1, { error: shareMessages.chooseScope })
  .transform((scope) => shareScopes.filter((entry) => scope.includes(entry)));

/** `POST /api/organisations/{clientId}/shares`: the client's owner offers a share. */
export const shareOfferRequest = z.object({
  expert_owner_email: emailField,
  /** Only needed when the address owns several expert organisations. */
  expert_organisation_name: z.string().trim().max(200).optional(),
  scope: scopeField,
});
export type ShareOfferRequest = z.input<typeof shareOfferRequest>;

/** A share as the client sees it. */
export const clientShareView = z.object({
  id: z.string(),
  expert_organisation_name: z.string(),
  scope: z.array(z.enum(shareScopes)),
  status: z.enum(shareStatuses),
  /** Which side revoked it, when revoked. */
  revoked_by: z.enum(['client', 'expert']).nullable(),
  offered_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
});
export type ClientShareView = z.infer<typeof clientShareView>;
export const clientShareList = z.object({ data: z.array(clientShareView) });
export const clientShareEnvelope = z.object({ data: clientShareView });

/** A share as the expert sees it: one client. */
export const expertClientView = z.object({
  id: z.string(),
  client_organisation_id: z.string(),
  client_organisation_name: z.string(),
  scope: z.array(z.enum(shareScopes)),
  status: z.enum(shareStatuses),
  revoked_by: z.enum(['client', 'expert']).nullable(),
  offered_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
});
export type ExpertClientView = z.infer<typeof expertClientView>;
export const expertClientList = z.object({ data: z.array(expertClientView) });
export const expertClientEnvelope = z.object({ data: expertClientView });

export const clientPersonInvitationStatuses = ['none', 'pending', 'expired', 'joined'] as const;
export type ClientPersonInvitationStatus = (typeof clientPersonInvitationStatuses)[number];

/** One of a client's employees or contractors, as the expert maintains them. */
export const clientPersonView = z.object({
  id: z.string(),
  kind: z.enum(clientPersonKinds),
  position_title: z.string().nullable(),
  full_name: z.string(),
  email: z.string(),
  /** none: never invited (or withdrawn); pending / expired: an invitation waits; joined: a member of the client. */
  invitation: z.enum(clientPersonInvitationStatuses),
  invitation_expires_at: z.iso.datetime().nullable(),
});
export type ClientPersonView = z.infer<typeof clientPersonView>;
export const clientPeopleList = z.object({
  data: z.object({
    client_organisation_name: z.string(),
    scope: z.array(z.enum(shareScopes)),
    people: z.array(clientPersonView),
  }),
});
export type ClientPeople = z.infer<typeof clientPeopleList>['data'];
export const clientPersonEnvelope = z.object({ data: clientPersonView });

export const clientPersonRequest = z.object({
  kind: z.enum(clientPersonKinds, { error: 'Choose employee or contractor' }),
  position_title: requiredString.pipe(z.string().max(200)),
  full_name: requiredString.pipe(z.string().max(200)),
  email: emailField,
});
export type ClientPersonRequest = z.input<typeof clientPersonRequest>;

/** `PATCH`: the e-mail only while the person has not joined. */
export const clientPersonUpdate = clientPersonRequest.omit({ kind: true }).partial();
export type ClientPersonUpdate = z.input<typeof clientPersonUpdate>;

/** One line of the client's audit log. */
export const auditEntryView = z.object({
  id: z.number().int(),
  actor_name: z.string(),
  actor_organisation_name: z.string(),
  action: z.enum(auditActions),
  subject: z.string(),
  details: z.record(z.string(), z.object({ from: z.string().nullable(), to: z.string().nullable() })).nullable(),
  created_at: z.iso.datetime(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

export const maxAuditEntriesPerPage = 100;
export const auditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(maxAuditEntriesPerPage).default(25),
});
export const auditLogList = z.object({
  data: z.array(auditEntryView),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type AuditLogList = z.infer<typeof auditLogList>;

const id = (value: string) => encodeURIComponent(value);

/** The calls, kept here with their schemas (the shared api-paths file stays for the older modules). */
export const organisationShareApiPaths = {
  /** The client's side (GET list, POST offer). */
  shares: (clientId: string) => `/api/organisations/${id(clientId)}/shares`,
  /** The client revokes (DELETE). */
  share: (clientId: string, shareId: string) => `/api/organisations/${id(clientId)}/shares/${id(shareId)}`,
  /** The client's audit log (GET). */
  auditLog: (clientId: string) => `/api/organisations/${id(clientId)}/audit-log`,
  /** The expert's side: its clients (GET). */
  clients: (expertId: string) => `/api/organisations/${id(expertId)}/clients`,
  /** The expert revokes (DELETE); a client is named by its organisation id (one share per pair). */
  client: (expertId: string, clientId: string) => `/api/organisations/${id(expertId)}/clients/${id(clientId)}`,
  clientAccept: (expertId: string, clientId: string) => `/api/organisations/${id(expertId)}/clients/${id(clientId)}/accept`,
  clientDecline: (expertId: string, clientId: string) => `/api/organisations/${id(expertId)}/clients/${id(clientId)}/decline`,
  /** A client's employees and contractors, maintained by the expert (GET list, POST add). */
  clientPeople: (expertId: string, clientId: string) => `/api/organisations/${id(expertId)}/clients/${id(clientId)}/people`,
  /** PATCH, DELETE. */
  clientPerson: (expertId: string, clientId: string, personId: string) => `/api/organisations/${id(expertId)}/clients/${id(clientId)}/people/${id(personId)}`,
  /** POST sends (or sends again), DELETE withdraws. */
  clientPersonInvitation: (expertId: string, clientId: string, personId: string) =>
    `/api/organisations/${id(expertId)}/clients/${id(clientId)}/people/${id(personId)}/invitation`,
} as const;
