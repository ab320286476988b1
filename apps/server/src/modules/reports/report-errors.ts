import type { ErrorCode } from '@app/contract/errors';
import { DomainError } from '../../lib/domain-errors.ts';

/** 409: the report is in a state that does not allow this (not ready, not failed, up to date; its narrative off or not failed). */
export class ReportStateError extends DomainError {
  override name = 'ReportStateError';

  constructor(
    code: Extract<ErrorCode, 'report_not_ready' | 'report_not_failed' | 'report_up_to_date' | 'report_narrative_disabled' | 'report_narrative_not_failed'>,
    message: string,
  ) {
    super(code, 409, message);
  }
}
