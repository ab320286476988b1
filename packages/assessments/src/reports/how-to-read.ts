import type { ReportBlock, ReportSection } from '@app/contract/reports';
import type { InterpretationTexts } from './interpretation-schema.ts';
import { standardError } from './measurement-precision.ts';
import { formatNumber, paragraph, section } from './report-blocks.ts';
import type { ReportPart } from './report-part.ts';
import { fillTemplate } from './report-template.ts';

/**
 * 'How to read this report': scores and bands, the error band, our reliability estimates, what
 * the questionnaires can and cannot say, the norm groups, and an 'Interpret with caution' callout
 * for each result used whose answers raised a response-quality flag (only then).
 */
export function howToReadSection(texts: InterpretationTexts, parts: readonly ReportPart[], percentilesShown: boolean): ReportSection {
  const general = texts.general;
  const read = general.how_to_read;
  const language = texts.language;
  const figures = parts
    .flatMap((part) => part.precision)
    .map((precision) =>
      fillTemplate(read.precision_figure, {
        scale: precision.label,
        reliability: formatNumber(language, precision.reliability, 2),
        sd: formatNumber(language, precision.sd),
        sem: formatNumber(language, standardError(precision), 1),
      }),
    )
    .join('; ');
  const cautions: ReportBlock[] = parts
    .filter((part) => part.flags.length > 0)
    .map((part) => ({
      kind: 'callout',
      tone: 'caution',
      title: general.flags.title,
      text: [fillTemplate(general.flags.intro, { assessment: part.title }), ...part.flags.map((flag) => general.flags[flag]), general.flags.advice].join(' '),
    }));
  return section('how-to-read', general.section_titles.how_to_read, [
    ...cautions,
    paragraph(read.intro),
    paragraph(read.scores),
    paragraph(read.bands),
    paragraph(read.error_band),
    paragraph(fillTemplate(read.precision_note, { figures })),
    { kind: 'list', style: 'plain', title: read.can_say_title, items: [...read.can_say] },
    { kind: 'list', style: 'plain', title: read.cannot_say_title, items: [...read.cannot_say] },
    paragraph(percentilesShown ? read.norms_some : read.norms_none),
  ]);
}
