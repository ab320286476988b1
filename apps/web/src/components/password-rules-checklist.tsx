import { passwordMaxLength, passwordMinLength, passwordRuleMessages, passwordRules } from '@app/contract/password-rules';
import { Check, Circle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export interface PasswordRulesChecklistProps {
  /** Referenced by the password input's aria-describedby. */
  id: string;
  /** The password as typed. */
  value: string;
  /** After a failed submit, unmet rules show as failed instead of pending. */
  showFailures: boolean;
}

/**
 * Spec section 5's password rules as a live checklist, each ticked as soon as the typed password
 * meets it. The maximum length is listed only once it is exceeded. Shared by every form that sets
 * a password (sign-up, reset, settings).
 */
export function PasswordRulesChecklist({ id, value, showFailures }: PasswordRulesChecklistProps) {
  const { t } = useTranslation();
  const rules = passwordRules
    .map((rule) => ({ key: rule.key, met: rule.test(value) }))
    .filter((rule) => rule.key !== 'maxLength' || !rule.met);

  return (
    <div id={id} className="rounded-md bg-muted/60 px-3 py-2.5">
      <p className="mb-1.5 text-xs font-medium text-muted-foreground">{t('passwordRules.heading')}</p>
      <ul className="grid gap-1 text-xs sm:text-sm">
        {rules.map(({ key, met }) => {
          const failed = !met && (showFailures || key === 'maxLength');
          const Icon = met ? Check : failed ? X : Circle;
          return (
            <li
              key={key}
              data-state={met ? 'met' : failed ? 'failed' : 'pending'}
              className={cn(
                'flex items-center gap-2',
                met ? 'text-emerald-700 dark:text-emerald-400' : failed ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              <Icon aria-hidden="true" className={cn('shrink-0', met || failed ? 'size-4' : 'mx-0.5 size-3')} />
              <span>
                {t(`passwordRules.${key}`, { min: passwordMinLength, max: passwordMaxLength })}
                <span className="sr-only">: {met ? t('passwordRules.met') : t('passwordRules.notMet')}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// The rules the checklist shows one by one; the server's 'too common' rule cannot be checked
// here, so its message stays as the server wrote it.
const checklistMessages = new Set<string>(
  Object.entries(passwordRuleMessages)
    .filter(([key]) => key !== 'common')
    .map(([, message]) => message),
);

/**
 * True for a broken composition rule (from the form or the server): the field then shows spec 8's
 * one 'Password does not meet the required conditions', since the checklist says which rule.
 */
export function isPasswordRuleMessage(message: string | undefined): boolean {
  return message !== undefined && checklistMessages.has(message);
}
