import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Reads a PDF back the way a viewer and a screen reader would (pdfjs-dist, Firefox's PDF engine):
// pages, text (embedded fonts included), the tagged structure and the document's metadata.

export interface PdfStructNode {
  role: string;
  alt: string | undefined;
  children: PdfStructNode[];
  /** Ids of the marked content this element holds directly (p<page>R_mc<n>). */
  contentIds: string[];
}

/** A piece of tagged content on a page, in drawing order, with its text (artifacts left out). */
export interface PdfTaggedRun {
  id: string;
  tag: string;
  text: string;
}

export interface PdfPage {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  /** The page's text, items joined by spaces (whitespace runs collapsed). */
  text: string;
  /** The text line by line, top to bottom, each line's pieces left to right. */
  lines: string[];
  /** Each piece of text where it is drawn: x and y of its baseline's start, its width and height (PDF units). */
  pieces: PdfTextPiece[];
  /** Tagged content in drawing order (what a screen reader reads). */
  tagged: PdfTaggedRun[];
  structTree: PdfStructNode | null;
}

export interface PdfTextPiece {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfHeading {
  role: string;
  text: string;
  page: number;
}

export interface ReadPdf {
  pageCount: number;
  pages: PdfPage[];
  pagesText: string[];
  /** All pages' text, joined by newlines. */
  text: string;
  /** The catalog's MarkInfo says the PDF is tagged. */
  marked: boolean;
  /** Every structure role found on any page, in order of first appearance (Document, Sect, H1...). */
  structTypes: string[];
  /** The alternative text of every Figure structure element, page by page. */
  figureAlts: string[];
  /** Every heading element (H1-H6) with its text and page. */
  headings: PdfHeading[];
  title: string | undefined;
  author: string | undefined;
  /** The catalog's /Lang. */
  language: string | undefined;
}

interface RawStructNode {
  role?: string;
  alt?: string;
  type?: string;
  id?: string;
  children?: RawStructNode[];
}

function toNode(raw: RawStructNode): PdfStructNode {
  const children = raw.children ?? [];
  return {
    role: raw.role ?? '',
    alt: raw.alt,
    children: children.filter((child) => child.role !== undefined).map(toNode),
    contentIds: children.filter((child) => child.type === 'content' && child.id !== undefined).map((child) => child.id ?? ''),
  };
}

function walk(node: PdfStructNode, visit: (node: PdfStructNode) => void): void {
  visit(node);
  for (const child of node.children) walk(child, visit);
}

function textOf(node: PdfStructNode, runs: Map<string, string>): string {
  const parts = node.contentIds.map((id) => runs.get(id) ?? '');
  for (const child of node.children) parts.push(textOf(child, runs));
  return collapse(parts.join(' '));
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function stringField(info: unknown, key: string): string | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  const value = (info as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

type TextPiece = PdfTextPiece;

function linesOf(pieces: TextPiece[]): string[] {
  const rows = new Map<number, TextPiece[]>();
  for (const piece of pieces) {
    if (!piece.str.trim()) continue;
    const key = Math.round(piece.y);
    const row = rows.get(key) ?? rows.get(key - 1) ?? rows.get(key + 1);
    if (row) row.push(piece);
    else rows.set(key, [piece]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) => collapse(row.sort((a, b) => a.x - b.x).map((piece) => piece.str).join(' ')));
}

export async function readPdf(pdf: Uint8Array): Promise<ReadPdf> {
  // pdfjs takes ownership of (detaches) the buffer it gets: hand it a copy.
  const loading = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 });
  const document = await loading.promise;
  try {
    const pages: PdfPage[] = [];
    const structTypes = new Set<string>();
    const figureAlts: string[] = [];
    const headings: PdfHeading[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent({ includeMarkedContent: true });
      const pieces: TextPiece[] = [];
      const tagged: PdfTaggedRun[] = [];
      const runs = new Map<string, string>();
      const open: Array<{ id: string | null; tag: string }> = [];
      for (const item of content.items) {
        if ('str' in item) {
          pieces.push({ str: item.str, x: item.transform[4] ?? 0, y: item.transform[5] ?? 0, width: item.width, height: item.height });
          const current = open.at(-1);
          if (current?.id && !open.some((marked) => marked.tag === 'Artifact')) {
            runs.set(current.id, `${runs.get(current.id) ?? ''}${item.str}${item.hasEOL ? ' ' : ''}`);
          }
        } else if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
          const marked = item as { id?: string | null; tag?: string | null };
          open.push({ id: marked.id ?? null, tag: marked.tag ?? '' });
          if (marked.id && marked.tag !== 'Artifact') tagged.push({ id: marked.id, tag: marked.tag ?? '', text: '' });
        } else if (item.type === 'endMarkedContent') {
          open.pop();
        }
      }
      for (const run of tagged) run.text = collapse(runs.get(run.id) ?? '');

      const raw = (await page.getStructTree()) as RawStructNode | null;
      const tree = raw ? toNode(raw) : null;
      if (tree) {
        walk(tree, (node) => {
          if (node.role && node.role !== 'Root') structTypes.add(node.role);
          if (node.role === 'Figure' && node.alt !== undefined) figureAlts.push(node.alt);
          if (/^H[1-6]$/.test(node.role)) headings.push({ role: node.role, text: textOf(node, runs), page: number });
        });
      }
      pages.push({
        number,
        width: x1 - x0,
        height: y1 - y0,
        text: collapse(pieces.map((piece) => piece.str).join(' ')),
        lines: linesOf(pieces),
        pieces,
        tagged: tagged.filter((run) => run.text !== ''),
        structTree: tree,
      });
      page.cleanup();
    }
    const markInfo = await document.getMarkInfo();
    const { info } = await document.getMetadata();
    const pagesText = pages.map((page) => page.text);
    return {
      pageCount: document.numPages,
      pages,
      pagesText,
      text: pagesText.join('\n'),
      marked: markInfo?.Marked === true,
      structTypes: [...structTypes],
      figureAlts,
      headings,
      title: stringField(info, 'Title'),
      author: stringField(info, 'Author'),
      language: stringField(info, 'Language'),
    };
  } finally {
    await loading.destroy();
  }
}
