// Spec section 2: each page sets the document title to the default title plus the page title,
// and sets the description and the language.

/** 'Appearance | Compass' for a page with a title; the product name alone otherwise. */
export function formatDocumentTitle(defaultTitle: string, pageTitle?: string | null): string {
  return pageTitle ? `${pageTitle} | ${defaultTitle}` : defaultTitle;
}

export interface DocumentHead {
  title: string;
  description: string;
  lang: string;
}

export function applyDocumentHead(head: DocumentHead, doc: Document = document): void {
  doc.title = head.title;
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'description';
    doc.head.append(meta);
  }
  meta.content = head.description;
  doc.documentElement.lang = head.lang;
}
