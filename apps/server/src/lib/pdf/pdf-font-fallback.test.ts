import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-reader.ts';
import { pdfFonts, registerPdfFonts } from './pdf-fonts.ts';

// The fallback fonts as a document draws them: a line measured, aligned and drawn with the same
// widths, and copied back as the letters typed.

async function pdfOf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  registerPdfFonts(doc);
  draw(doc);
  doc.end();
  return done;
}

const mixed = 'Ada (نور الهدى) 42 👩‍💻 דוד כהן 🎉 Lovelace';

describe('text with letters the text face lacks', () => {
  it('is drawn where it was measured: a right-aligned line ends at its margin, its runs side by side', async () => {
    let measured = 0;
    const pdf = await pdfOf((doc) => {
      doc.font(pdfFonts.semibold).fontSize(14);
      measured = doc.widthOfString(mixed);
      doc.text(mixed, 50, 100, { width: 450, align: 'right' });
    });
    const [page] = (await readPdf(pdf)).pages;
    const pieces = page!.pieces.filter((piece) => piece.str.trim()).sort((a, b) => a.x - b.x);
    const start = pieces[0]!.x;
    const end = Math.max(...pieces.map((piece) => piece.x + piece.width));
    expect(end).toBeCloseTo(500, 0);
    expect(end - start).toBeCloseTo(measured, 0);
    for (const [index, piece] of pieces.slice(1).entries()) expect(piece.x, piece.str).toBeGreaterThanOrEqual(pieces[index]!.x + pieces[index]!.width - 0.5);
    expect(pieces.map((piece) => piece.str.trim())).toEqual(['Ada (', 'الهدى', 'نور', ')', 'כהן', 'דוד', '👩‍💻', '42', '🎉', 'Lovelace']);
  });

  it('copies back as the letters typed, though Arabic letters share their dotless forms', async () => {
    // Noto Sans Arabic draws ن, ب, ت and ي at the start or in the middle of a word as one dotless
    // form plus dots, in other words and within a word ("تبنى"): each must still copy as its own
    // letter, and the dots as nothing visible.
    const words = 'نور بيت تنين تبنى';
    const pdf = await pdfOf((doc) => doc.text(words, 50, 100).text(words, 50, 130, { lineBreak: false }));
    const text = (await readPdf(pdf)).text;
    for (const word of words.split(' ')) expect(text.split(word)).toHaveLength(3);
    expect(text).not.toMatch(/[^\P{Cc}\s]|\?/u);
  });
});
