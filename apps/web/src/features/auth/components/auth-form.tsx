import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';

export interface AuthFormProps {
  /** The form's submit handler (use-schema-form's or react-hook-form's `handleSubmit(...)`). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>;
  /** Starts downloading the contract's schema, on the form's first focus (the login page's budget). */
  preload: () => void;
  /** The message above the form: a failure no field explains. */
  formError: string | null;
  setFormError: (message: string) => void;
  children: ReactNode;
}

/**
 * A guest page's form, with its message above it. The validation code loads on demand; if that
 * download fails (offline), the form says so instead of doing nothing.
 */
export function AuthForm({ onSubmit, preload, formError, setFormError, children }: AuthFormProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert>{formError}</FormAlert>
      <form
        onSubmit={(event) => void onSubmit(event).catch(() => setFormError(t('global.genericError')))}
        onFocus={preload}
        noValidate
        className="flex flex-col gap-5"
      >
        {children}
      </form>
    </>
  );
}
