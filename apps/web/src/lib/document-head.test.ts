import { beforeEach, describe, expect, it } from 'vitest';
import { applyDocumentHead, formatDocumentTitle } from './document-head';

beforeEach(() => {
  document.head.querySelectorAll('meta[name="description"]').forEach((meta) => meta.remove());
});

describe('document head', () => {
  it("puts the page title before the default title: 'Appearance | Compass'", () => {
    expect(formatDocumentTitle('Compass', 'Appearance')).toBe('Appearance | Compass');
  });

  it('uses the default title alone for a page without a title', () => {
    expect(formatDocumentTitle('Compass')).toBe('Compass');
    expect(formatDocumentTitle('Compass', '')).toBe('Compass');
  });

  it('sets the title, the description and the language', () => {
    applyDocumentHead({ title: 'Log in | Compass', description: 'Assessments and reports', lang: 'de' });
    expect(document.title).toBe('Log in | Compass');
    expect(document.documentElement.lang).toBe('de');
    const metas = document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]');
    expect(metas).toHaveLength(1);
    expect(metas[0]?.content).toBe('Assessments and reports');
  });

  it('updates the existing description instead of adding another', () => {
    applyDocumentHead({ title: 'A', description: 'first', lang: 'en' });
    applyDocumentHead({ title: 'B', description: 'second', lang: 'en' });
    const metas = document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]');
    expect(metas).toHaveLength(1);
    expect(metas[0]?.content).toBe('second');
  });
});
