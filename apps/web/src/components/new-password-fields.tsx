import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '@/lib/validation-message';
import { isPasswordRuleMessage, PasswordRulesChecklist } from './password-rules-checklist';
import { TextField } from './text-field';

type FieldName = 'password' | 'password_confirmation';

export interface NewPasswordFieldsProps {
  /** The password input's id; the confirmation's is `${id}-confirmation`, the rule list's `${id}-rules`. */
  id: string;
  labels: { password: string; confirmation: string };
  /** The password as typed: the checklist follows it. */
  password: string;
  /** The form's errors (react-hook-form's `formState.errors`, or the same shape): the contract's texts, translated here. */
  errors: Partial<Record<FieldName, { message?: string }>>;
  /** Each field's input props by name (react-hook-form's `register`, or use-schema-form's `field`). */
  register: (name: FieldName) => ComponentProps<'input'>;
  /** A show/hide button on both inputs. */
  revealable?: boolean;
}

/**
 * A new password and its confirmation, with spec section 5's rule checklist under the password:
 * every form that sets a password (sign-up, reset, settings), all with the contract's field names.
 */
export function NewPasswordFields({ id, labels, password, errors, register, revealable = false }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const rulesId = `${id}-rules`;
  const passwordMessage = errors.password?.message;
  // The checklist names the broken rules; under the field stands spec 8's one sentence.
  const passwordError = isPasswordRuleMessage(passwordMessage) ? t('validation.passwordRules') : translateValidationMessage(passwordMessage, t);

  return (
    <>
      <TextField
        id={id}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        revealable={revealable}
        error={passwordError}
        describedBy={rulesId}
        {...register('password')}
      >
        <PasswordRulesChecklist id={rulesId} value={password} showFailures={passwordMessage !== undefined} />
      </TextField>
      <TextField
        id={`${id}-confirmation`}
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        revealable={revealable}
        error={translateValidationMessage(errors.password_confirmation?.message, t)}
        {...register('password_confirmation')}
      />
    </>
  );
}
