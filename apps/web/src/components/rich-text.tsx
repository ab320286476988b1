import { cloneElement, type ReactElement, type ReactNode } from 'react';

// A translated sentence whose marked part (`I accept the <termsLink>terms of service</termsLink>`)
// is drawn by a component, in place of react-i18next's Trans and its HTML parser (about 5 KB
// gzipped on the sign-up page and, through the e-mail verification banner, on every app page:
// issue 14, web budgets). Our texts mark parts one level deep, which is all this reads; the text
// is already translated and interpolated (values go in as text: React escapes them).

const markedPart = /<(\w+)>(.*?)<\/\1>/gs;

export interface RichTextProps {
  text: string;
  /** The element that draws each marked part, by its tag name; the part's text becomes its children. */
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}

export function RichText({ text, components }: RichTextProps) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(markedPart)) {
    const [whole, name = '', inner] = match;
    parts.push(text.slice(from, match.index));
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: match.index }, inner) : whole);
    from = match.index + whole.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
