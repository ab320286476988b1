import type { ReportBlock, ReportSection } from '@app/contract/reports';
import { drawBlock, leadHeight, type BlockPlacement } from './draw-blocks.ts';
import { addPage, ensureRoom, gapBefore, roomLeft } from './pdf-flow.ts';
import { artifact, tagged, type StructureParent } from './pdf-structure.ts';
import { heightOf, textStyles, write } from './pdf-text-style.ts';
import type { SectionPlace } from './table-of-contents.ts';
import { accentOf, colors, contentBottom, contentWidth, page, spacing } from './pdf-theme.ts';

const left = page.margins.left;
const accentHeight = 4;
const sectionHeadingGap = 12;
const subsectionRuleGap = 12;
/** Space above a section that follows another on the same page. */
const sectionGap = 34;

export interface SectionContext {
  doc: PDFKit.PDFDocument;
  language: string;
  /** Records where each section starts, for the table of contents. */
  places: Map<ReportSection, SectionPlace>;
  outline: PDFKit.PDFOutline;
}

function currentPageNumber(doc: PDFKit.PDFDocument): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count;
}

function headingType(depth: number): string {
  return `H${Math.min(depth + 2, 6)}`;
}

function placement(context: SectionContext, depth: number): BlockPlacement {
  return { doc: context.doc, x: left, width: contentWidth, language: context.language, headingType: headingType(depth + 1) };
}

/** What must follow a heading on the same page: the start of the section's first content. */
function firstContentHeight(context: SectionContext, section: ReportSection, depth: number): number {
  const first: ReportBlock | undefined = section.blocks[0];
  if (first) return spacing.afterHeading + leadHeight(placement(context, depth), first, section.blocks[1]);
  const child = section.subsections[0];
  return child ? subsectionHeadingHeight(context, child) + firstContentHeight(context, child, depth + 1) : 0;
}

function subsectionHeadingHeight(context: SectionContext, section: ReportSection): number {
  return spacing.beforeSubsection + subsectionRuleGap + heightOf(context.doc, section.title, textStyles.subsection, contentWidth);
}

function markPlace(context: SectionContext, section: ReportSection, outline: PDFKit.PDFOutline): PDFKit.PDFOutline {
  const destination = `section-${context.places.size + 1}`;
  context.doc.addNamedDestination(destination);
  context.places.set(section, { pageNumber: currentPageNumber(context.doc), destination });
  return outline.addItem(section.title);
}

function drawContent(context: SectionContext, sect: StructureParent, section: ReportSection, depth: number, outline: PDFKit.PDFOutline): void {
  const place = placement(context, depth);
  section.blocks.forEach((block, index) => drawBlock(place, sect, block, index === 0 ? spacing.afterHeading : spacing.block, section.blocks[index + 1]));
  for (const subsection of section.subsections) drawSubsection(context, sect, subsection, depth + 1, outline);
}

/** A subsection: a rule and its heading (kept with the start of its content), then its blocks. */
function drawSubsection(context: SectionContext, parent: StructureParent, section: ReportSection, depth: number, outline: PDFKit.PDFOutline): void {
  const { doc } = context;
  gapBefore(doc, spacing.beforeSubsection);
  ensureRoom(doc, subsectionHeadingHeight(context, section) - spacing.beforeSubsection + firstContentHeight(context, section, depth));
  const sect = doc.struct('Sect');
  parent.add(sect);
  const ruleTop = doc.y;
  artifact(doc, () => doc.rect(left, ruleTop, contentWidth, 0.8).fill(colors.border));
  const top = ruleTop + subsectionRuleGap;
  const item = markPlace(context, section, outline);
  tagged(doc, sect, headingType(depth), () => write(doc, section.title, left, top, { ...textStyles.subsection, color: accentOf(doc).main }, contentWidth));
  drawContent(context, sect, section, depth, item);
  sect.end();
}

/**
 * A top-level section with its title as an H2. A chapter (a section with subsections) starts on a
 * new page; a short section follows the one before when more than half a page is left, so the
 * closing sections (strengths, blind spots, a plan) do not each leave a page nearly empty.
 */
export function drawSection(context: SectionContext, root: StructureParent, section: ReportSection, first: boolean): void {
  const { doc } = context;
  const halfPage = (contentBottom - page.margins.top) / 2;
  if (first || section.subsections.length > 0 || roomLeft(doc) < halfPage) addPage(doc);
  else {
    doc.y += sectionGap;
    ensureRoom(doc, accentHeight + sectionHeadingGap + heightOf(doc, section.title, textStyles.section, contentWidth) + firstContentHeight(context, section, 0));
  }
  const sect = doc.struct('Sect');
  root.add(sect);
  const top = doc.y;
  artifact(doc, () => doc.roundedRect(left, top, 36, accentHeight, 2).fill(accentOf(doc).main));
  const titleTop = top + accentHeight + sectionHeadingGap;
  const item = markPlace(context, section, context.outline);
  tagged(doc, sect, headingType(0), () => write(doc, section.title, left, titleTop, textStyles.section, contentWidth));
  drawContent(context, sect, section, 0, item);
  sect.end();
}
