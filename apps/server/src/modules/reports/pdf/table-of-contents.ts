import type { ReportSection } from '@app/contract/reports';
import { addPage, ensureRoom } from './pdf-flow.ts';
import { artifact, tagged, type StructureParent } from './pdf-structure.ts';
import { label, textStyles, useStyle, write, type TextStyle } from './pdf-text-style.ts';
import { colors, contentWidth, fonts, page } from './pdf-theme.ts';

const left = page.margins.left;
const eyebrow: TextStyle = { font: fonts.semibold, size: 9, color: colors.primary, lineGap: 0 };
const sectionEntry: TextStyle = { font: fonts.semibold, size: 11.5, color: colors.text, lineGap: 0 };
const subsectionEntry: TextStyle = { font: fonts.regular, size: 10, color: colors.text, lineGap: 0 };
const sectionNumber: TextStyle = { font: fonts.bold, size: 11.5, color: colors.primary, lineGap: 0 };
const numberColumn = 26;
const pageColumn = 30;

/** Where a section starts: its page number and the named destination at its heading. */
export interface SectionPlace {
  pageNumber: number;
  destination: string;
}

interface PendingEntry {
  section: ReportSection;
  element: PDFKit.PDFStructureElement;
  /** Index (0-based) of the contents page that holds the row, and the row's top. */
  pageIndex: number;
  top: number;
  height: number;
  style: TextStyle;
  /** Where the title ends, so the dotted leader starts after it. */
  titleEnd: number;
}

/** A table of contents whose page numbers are written once the sections have been laid out. */
export interface TableOfContents {
  /**
   * Writes every entry's page number (1-based, as the footers count) and links the row to the
   * named destination at the section's heading.
   */
  finish(placeOf: (section: ReportSection) => SectionPlace | undefined): void;
}

/**
 * The contents page(s) for the complete profile: every section and subsection in order. The titles
 * are laid out now, in reading order; the page numbers are filled in by `finish` after the
 * sections are drawn, since only then is it known where each one starts.
 */
export function drawTableOfContents(doc: PDFKit.PDFDocument, root: StructureParent, sections: ReportSection[]): TableOfContents {
  addPage(doc);
  const contents = doc.struct('Sect');
  root.add(contents);
  tagged(doc, contents, 'P', () => label(doc, 'OVERVIEW', left, doc.y, eyebrow));
  doc.y += 18;
  const headingTop = doc.y;
  tagged(doc, contents, 'H2', () => write(doc, 'Contents', left, headingTop, textStyles.section, contentWidth));
  doc.y += 18;

  const toc = doc.struct('TOC');
  contents.add(toc);
  const pending: PendingEntry[] = [];

  const entry = (section: ReportSection, style: TextStyle, indent: number, number: string | null, height: number) => {
    ensureRoom(doc, height);
    const top = doc.y;
    const element = doc.struct('TOCI');
    toc.add(element);
    if (number) tagged(doc, element, 'Lbl', () => label(doc, number, left, top, sectionNumber));
    const titleWidth = contentWidth - indent - pageColumn - 12;
    tagged(doc, element, 'Reference', () => write(doc, section.title, left + indent, top, style, titleWidth));
    useStyle(doc, style);
    const lines = doc.heightOfString(section.title, { width: titleWidth });
    const lastLine = doc.widthOfString(section.title);
    const titleEnd = lines > doc.currentLineHeight(true) * 1.5 ? left + indent + titleWidth : left + indent + Math.min(lastLine, titleWidth);
    pending.push({ section, element, pageIndex: doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1, top, height: Math.max(height, lines), style, titleEnd });
    doc.y = top + Math.max(height, lines + 6);
  };

  sections.forEach((section, index) => {
    if (index > 0) doc.y += 8;
    entry(section, sectionEntry, numberColumn, String(index + 1), 24);
    for (const subsection of section.subsections) entry(subsection, subsectionEntry, numberColumn, null, 19);
  });

  return {
    finish(placeOf) {
      const current = doc.bufferedPageRange();
      for (const row of pending) {
        const target = placeOf(row.section);
        doc.switchToPage(row.pageIndex);
        const right = left + contentWidth;
        if (target !== undefined) {
          const number = String(target.pageNumber);
          useStyle(doc, row.style);
          const numberWidth = doc.widthOfString(number);
          artifact(doc, () => {
            doc.save().fillColor(colors.rule);
            for (let x = row.titleEnd + 8; x < right - numberWidth - 8; x += 4) doc.circle(x, row.top + row.style.size * 0.8, 0.6).fill();
            doc.restore();
          });
          const link = doc.struct('Link');
          row.element.add(link);
          const content = doc.markStructureContent('Link');
          label(doc, number, right, row.top, row.style, 'right');
          doc.endMarkedContent();
          link.add(content);
          doc.goTo(left, row.top - 2, contentWidth, row.style.size + 6, target.destination, { structParent: link });
          link.end();
        }
        row.element.end();
      }
      toc.end();
      contents.end();
      doc.switchToPage(current.start + current.count - 1);
    },
  };
}
