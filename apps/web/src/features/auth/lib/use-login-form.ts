import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LoginRequest } from '@app/contract/auth';

// The login form's state without react-hook-form. The login page must load at most 150 KB of
// JavaScript (issue 3) and react-hook-form costs 13 KB gzipped there (one module, so it arrives
// tree-shaken for every form of the app); every other form uses it. The behaviour matches the
// other forms': the contract's schema validates on submit and, after a submit, on every change;
// the first field with an error gets the focus; server field errors go under their fields.

export type LoginField = keyof LoginRequest;
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

const fieldsInFormOrder: readonly LoginField[] = ['email', 'password'];

function isLoginField(value: PropertyKey | undefined): value is LoginField {
  return fieldsInFormOrder.some((field) => field === value);
}

// The contract's schema (classic zod) loads when the user starts on the form, not with the page.
let loadingSchema: ReturnType<typeof importSchema> | null = null;
function importSchema() {
  return import('@app/contract/auth').then((module) => module.loginRequest);
}
function loginSchema() {
  loadingSchema ??= importSchema().catch((error: unknown) => {
    // A failed download (offline) may succeed on the next attempt.
    loadingSchema = null;
    throw error;
  });
  return loadingSchema;
}

async function validate(values: LoginRequest): Promise<{ data: LoginRequest | null; errors: LoginFieldErrors }> {
  const parsed = (await loginSchema()).safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isLoginField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { data: null, errors };
}

export function useLoginForm(onValid: (values: LoginRequest) => Promise<{ fieldErrors?: Record<string, string[]> | null } | void>) {
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  // Only the newest validation may set the errors (they finish out of order while the schema loads).
  const validation = useRef(0);

  const focusFirst = (fieldErrors: LoginFieldErrors) => {
    const first = fieldsInFormOrder.find((field) => fieldErrors[field] !== undefined);
    if (first) inputs.current[first]?.focus();
  };

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (!submitted) return;
      const run = ++validation.current;
      void validate(next)
        .then((result) => {
          if (run === validation.current) setErrors(result.errors);
        })
        .catch(() => undefined);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const run = ++validation.current;
    const result = await validate(values);
    if (run !== validation.current) return;
    setErrors(result.errors);
    if (result.data === null) {
      focusFirst(result.errors);
      return;
    }
    setSubmitting(true);
    try {
      const outcome = await onValid(result.data);
      const serverErrors: LoginFieldErrors = {};
      for (const [name, messages] of Object.entries(outcome?.fieldErrors ?? {})) {
        if (isLoginField(name) && messages[0]) serverErrors[name] = messages[0];
      }
      setErrors(serverErrors);
      // A refusal that no field explains (wrong credentials) still brings the user back to the
      // form: the submit button lost the focus while it was disabled.
      if (outcome && Object.keys(serverErrors).length === 0) inputs.current[fieldsInFormOrder[0] ?? 'email']?.focus();
      else focusFirst(serverErrors);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    field,
    errors,
    isSubmitting,
    onSubmit,
    /** Starts loading the schema (call on the form's first focus). */
    preload: () => {
      loginSchema().catch(() => undefined);
    },
  };
}
