import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

// A form's state without react-hook-form, for the forms on the start-up path and the basket (login,
// sign-up, the discount code: issue 15's budgets, where react-hook-form costs 15 KB gzipped; one module, so it
// arrives whole for every form of the app). The behaviour matches the other forms': the
// contract's schema (loaded when the user starts on the form) validates on submit and, after a
// submit, on every change; the first field with an error gets the focus; the server's field
// errors go under their fields.

/** What the form needs of a zod schema. */
export interface FormSchema {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A text field holds a string, a checkbox a boolean. */
export type FormValues = Record<string, string | boolean>;
export type FieldErrors<Values extends FormValues> = Partial<Record<keyof Values & string, string>>;

export interface SchemaFormOptions<Values extends FormValues> {
  initial: Values;
  /** The fields in the form's order: the first with an error gets the focus. */
  fields: readonly (keyof Values & string)[];
  /** The contract's schema, imported on demand (classic zod is 25 KB gzipped). */
  loadSchema: () => Promise<FormSchema>;
}

/** What the submit handler says of a refusal: the server's field errors (a 422), if any. */
export type Refusal = { fieldErrors?: Record<string, string[]> | null } | void;

export function useSchemaForm<Values extends FormValues, Output>({ initial, fields, loadSchema }: SchemaFormOptions<Values>) {
  type Field = keyof Values & string;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // Only the newest validation may set the errors (they finish out of order while the schema loads).
  const validation = useRef(0);
  const schema = useRef<Promise<FormSchema> | null>(null);

  const isField = (name: PropertyKey | undefined): name is Field => fields.some((field) => field === name);

  const loadedSchema = () => {
    schema.current ??= loadSchema().catch((error: unknown) => {
      // A failed download (offline) may succeed on the next attempt.
      schema.current = null;
      throw error;
    });
    return schema.current;
  };

  const validate = async (next: Values): Promise<{ data: Output | null; errors: FieldErrors<Values> }> => {
    const parsed = (await loadedSchema()).safeParse(next);
    if (parsed.success) return { data: parsed.data as Output, errors: {} };
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0];
      if (isField(name) && found[name] === undefined) found[name] = issue.message;
    }
    return { data: null, errors: found as FieldErrors<Values> };
  };

  const focusFirst = (fieldErrors: FieldErrors<Values>) => {
    const first = fields.find((name) => fieldErrors[name] !== undefined);
    if (first) inputs.current[first]?.focus();
  };

  const change = (name: Field, value: string | boolean) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (!submitted) return;
    const run = ++validation.current;
    void validate(next)
      .then((result) => {
        if (run === validation.current) setErrors(result.errors);
      })
      .catch(() => undefined);
  };

  const ref = (name: Field) => (element: HTMLInputElement | null) => {
    inputs.current[name] = element;
  };

  /** A text input's props. */
  const field = (name: Field) => ({
    name,
    value: String(values[name]),
    ref: ref(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
  });

  /** A checkbox's props. */
  const checkbox = (name: Field) => ({
    name,
    checked: values[name] === true,
    ref: ref(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.checked),
  });

  /** The form's submit handler: validates, then calls `onValid`, whose refusal's field errors go under their fields. */
  const handleSubmit = (onValid: (output: Output) => Promise<Refusal>) => async (event: FormEvent<HTMLFormElement>) => {
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
      const refusal = await onValid(result.data);
      const found: Record<string, string> = {};
      for (const [name, messages] of Object.entries(refusal?.fieldErrors ?? {})) {
        if (isField(name) && messages[0]) found[name] = messages[0];
      }
      const serverErrors = found as FieldErrors<Values>;
      setErrors(serverErrors);
      // A refusal that no field explains (wrong credentials) still brings the user back to the
      // form: the submit button lost the focus while it was disabled.
      if (refusal && Object.keys(serverErrors).length === 0) {
        const first = fields[0];
        if (first !== undefined) inputs.current[first]?.focus();
      } else focusFirst(serverErrors);
    } finally {
      setSubmitting(false);
    }
  };

  /** Back to the initial values, with no errors and no submit yet (after a change was saved). */
  const reset = () => {
    validation.current += 1;
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  };

  return {
    values,
    reset,
    field,
    checkbox,
    errors,
    isSubmitting,
    handleSubmit,
    /** Starts loading the schema (call on the form's first focus). */
    preload: () => {
      loadedSchema().catch(() => undefined);
    },
  };
}
