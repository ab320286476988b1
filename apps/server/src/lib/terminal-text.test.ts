import { describe, expect, it } from 'vitest';
import { terminalText } from './terminal-text.ts';

describe('terminalText', () => {
  it('writes what a terminal would act on as its escape', () => {
    expect(terminalText('Oak\x1b[2J\x1b]0;owned\x07 Ltd')).toBe('Oak\\u001b[2J\\u001b]0;owned\\u0007 Ltd');
    expect(terminalText('Oak\nid  name  Fake row\r\t')).toBe('Oak\\nid  name  Fake row\\r\\t');
    expect(terminalText('Oak \u202Edlrow\u202C \u2066x\u2069 \u009b31m')).toBe('Oak \\u202edlrow\\u202c \\u2066x\\u2069 \\u009b31m');
  });

  it('leaves markup, quotes and letters of any script as typed', () => {
    const typed = `<img src=x onerror="window.__xss=1">"'& Łukasiewicz نور 👩‍💻 דוד`;
    expect(terminalText(typed)).toBe(typed);
  });
});
