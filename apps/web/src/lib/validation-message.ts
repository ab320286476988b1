import { validationMessages } from '@app/contract/messages';

type MessageKey = keyof typeof validationMessages;

const keyByMessage = new Map<string, MessageKey>();
for (const [key, message] of Object.entries(validationMessages) as [MessageKey, unknown][]) {
  if (typeof message === 'string') keyByMessage.set(message, key);
}

/**
 * The i18n key of one of the contract's validation messages ('Field is required' ->
 * 'validation.required'), or null for any other text (a server's own message is shown as sent).
 */
export function validationMessageKey(message: string): string | null {
  const key = keyByMessage.get(message);
  return key ? `validation.${key}` : null;
}

/** A field error as the user reads it: translated when it is one of the contract's messages. */
export function translateValidationMessage(message: string | undefined, translate: (key: string) => string): string | undefined {
  if (message === undefined) return undefined;
  const key = validationMessageKey(message);
  return key ? translate(key) : message;
}
