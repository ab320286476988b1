import { useState, type ComponentProps, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  /** The message under the field (already translated). */
  error?: string;
  /** Shown at the end of the label's row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  /** Ids of more text that describes the field (a rule list), after the error. */
  describedBy?: string;
  /** A password input with a show/hide button. */
  revealable?: boolean;
  /** Rendered under the error (e.g. the password rule checklist). */
  children?: ReactNode;
}

/** A labelled input with its inline error, linked for assistive technology. */
export function TextField({ id, label, error, labelAside, describedBy, revealable = false, type, className, children, ...inputProps }: TextFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const errorId = `${id}-error`;
  const descriptionIds = [error ? errorId : null, describedBy ?? null].filter((value) => value !== null).join(' ');

  const input = (
    <Input
      id={id}
      type={revealable && revealed ? 'text' : type}
      aria-invalid={error ? true : undefined}
      aria-describedby={descriptionIds || undefined}
      className={cn(revealable && 'pr-10', className)}
      {...inputProps}
    />
  );

  return (
    <div className="grid content-start gap-2">
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {revealable ? (
        <div className="relative">
          {input}
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
            aria-label={revealed ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-controls={id}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          </button>
        </div>
      ) : (
        input
      )}
      <FieldError id={errorId}>{error}</FieldError>
      {children}
    </div>
  );
}
