// Issue 14, "Bad input": what people typed (an organisation's name, a billing e-mail) printed by the
// admin CLI to an operator's terminal. A terminal obeys control characters instead of showing them:
// an escape sequence in a name could clear the screen, retitle the window or recolour what follows,
// a line break could fake a row of the table, and a bidirectional override could show the row's
// text in another order than it has. Such characters are written as their escapes instead.

/** C0 and C1 controls (line breaks, ESC, DEL...) and the bidirectional embeddings, overrides and isolates. */
const unprintable = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every character a terminal would act on written as its escape (`\n`, `\u001b`). */
export function terminalText(text: string): string {
  return text.replace(unprintable, (character) => named[character] ?? `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
