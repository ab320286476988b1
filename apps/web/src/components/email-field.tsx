import { TextField, type TextFieldProps } from './text-field';

/** A TextField for an e-mail address: its type, keyboard and autofill. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="email" inputMode="email" autoComplete="email" {...props} />;
}
