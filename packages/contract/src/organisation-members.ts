import { z } from 'zod';
import { emailField } from './fields.ts';
import { organisationRoles } from './organisations.ts';

// Issue 12, members and invitations: the roles (owner, admin, member), the members list (paged and
// searchable: no hidden cap), role changes, leaving and removal, ownership transfer, and invitations
// by e-mail (7-day links, stored hashed; one pending per address and organisation).

/** Roles an invitation or a role change may give: ownership only moves by a transfer the recipient accepts. */
export const assignableRoles = ['admin', 'member'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

/** Where a member stands in the questionnaire; never their answers. */
export const questionnaireProgressStates = ['done', 'in_progress', 'not_started'] as const;
export type QuestionnaireProgressState = (typeof questionnaireProgressStates)[number];

export const invitationLifetimeDays = 7;
export const maxMembersPerPage = 100;

export const memberMessages = {
  lastOwnerCannotLeave: 'You are the last owner: transfer the ownership to another member before you leave.',
  lastOwnerCannotBeDemoted: 'An organisation needs an owner: transfer the ownership before you change this role.',
  adminsCannotChangeOwners: 'Only an owner can change or remove an owner.',
  onlyOwnersTransfer: 'Only an owner can transfer the ownership.',
  transferToMember: 'Ownership can only go to a member of this organisation.',
  noTransferOffered: 'No transfer of ownership is waiting for you.',
  alreadyMember: 'This person is already a member.',
  invitationPending: 'An invitation to this address is already waiting: resend it instead.',
  invitationInvalid: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask the organisation to send a new one.',
  invitationRevoked: 'This invitation was withdrawn by the organisation.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationOtherAccount: 'This invitation was sent to another e-mail address. Log in with that address to accept it.',
  invitationUnverified: 'Verify your e-mail address first, then accept the invitation.',
  invitationAccepted: 'You have joined the organisation.',
  invitationSent: 'Invitation sent.',
  invitationResent: 'Invitation sent again.',
  invitationRevokedToast: 'Invitation withdrawn.',
} as const;

export const memberView = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(organisationRoles),
  questionnaire: z.enum(questionnaireProgressStates),
  joined_at: z.iso.datetime(),
});
export type MemberView = z.infer<typeof memberView>;

/** `GET /api/organisations/{id}/members?search=&page=&per_page=`. */
export const memberListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(maxMembersPerPage).default(25),
});
export const memberList = z.object({
  data: z.array(memberView),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type MemberList = z.infer<typeof memberList>;

/**
 * `GET /api/organisations/{id}/members/progress`: how many members have done, started or not
 * started the questionnaire, over the whole organisation (the dashboard's summary; the list pages).
 */
export const memberProgressSummary = z.object({
  data: z.object({ done: z.number().int(), in_progress: z.number().int(), not_started: z.number().int() }),
});
export type MemberProgressSummary = z.infer<typeof memberProgressSummary>['data'];

/** `PATCH /api/organisations/{id}/members/{userId}`. */
export const memberRoleRequest = z.object({ role: z.enum(assignableRoles, { error: 'Choose admin or member' }) });

/** `POST /api/organisations/{id}/ownership-transfer`: offers the ownership to a member, who accepts it. */
export const ownershipTransferRequest = z.object({ user_id: z.uuid({ error: 'Choose a member' }) });
export const ownershipTransferView = z.object({ from_user_id: z.string(), from_name: z.string(), to_user_id: z.string(), to_name: z.string(), created_at: z.iso.datetime() });

export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invitationView = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(assignableRoles),
  status: z.enum(invitationStatuses),
  expires_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** `POST /api/organisations/{id}/invitations`. */
export const invitationRequest = z.object({
  email: emailField.pipe(z.string().max(254)),
  role: z.enum(assignableRoles).default('member'),
});
export type InvitationInput = z.input<typeof invitationRequest>;

export const invitationEnvelope = z.object({ data: invitationView });
export const invitationList = z.object({ data: z.array(invitationView) });

/** `GET /api/invitations/{token}`: what the invited person sees before accepting. */
export const invitationPreview = z.object({
  organisation_name: z.string(),
  invited_email: z.string(),
  role: z.enum(assignableRoles),
  expires_at: z.iso.datetime(),
});
export const invitationPreviewEnvelope = z.object({ data: invitationPreview });

/** `POST /api/invitations/{token}/accept`: answers the organisation joined. */
export const acceptedInvitation = z.object({ data: z.object({ organisation_id: z.string(), role: z.enum(organisationRoles) }) });
