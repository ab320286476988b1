import { inflateSync } from 'node:zlib';

// pdfkit's standard fonts use WinAnsiEncoding: Latin-1 plus a few characters in 0x80-0x9f, of
// which our invoices use the euro sign.
const winAnsi = { decode: (bytes: Buffer) => bytes.toString('latin1').replaceAll('\x80', '€') };

/**
 * The text drawn in a PDF made by pdfkit with its standard fonts, one string per text-showing
 * operator (Tj, or TJ with its kerned pieces joined). A light reader for tests: it inflates the
 * content streams and decodes the hex strings pdfkit writes (WinAnsi, one byte per character).
 */
export function pdfText(pdf: Buffer): string[] {
  const texts: string[] = [];
  const source = pdf.toString('latin1');
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(source); match; match = streamPattern.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1]?.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    const operators = /\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let op = operators.exec(content); op; op = operators.exec(content)) {
      const pieces = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((piece) => piece[1] ?? '') : [op[2] ?? ''];
      texts.push(pieces.map((hex) => winAnsi.decode(Buffer.from(hex, 'hex'))).join(''));
    }
  }
  return texts;
}
