import { DomainError } from '../../lib/domain-errors.ts';

/** 409: the share is not in a state that allows the step (an answer to a share not waiting for one, a read-only client). */
export class OrganisationShareRuleError extends DomainError {
  override name = 'OrganisationShareRuleError';

  constructor(message: string) {
    super('organisation_rule', 409, message);
  }
}
