import { DomainError } from '../../lib/domain-errors.ts';

/** 409: the change would break a rule of the organisation (it would be left without an owner). */
export class OrganisationRuleError extends DomainError {
  override name = 'OrganisationRuleError';

  constructor(message: string) {
    super('organisation_rule', 409, message);
  }
}

/** 410: an invitation that was withdrawn, has expired or was already accepted, with its own message. */
export class InvitationUnusableError extends DomainError {
  override name = 'InvitationUnusableError';

  constructor(message: string) {
    super('invitation_unusable', 410, message);
  }
}
