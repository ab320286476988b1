import type { ReportBlock as ReportBlockData } from '@app/contract/reports';
import { BarChartBlock } from './blocks/bar-chart-block';
import { CalloutBlock } from './blocks/callout-block';
import { ListBlock } from './blocks/list-block';
import { ParagraphBlock } from './blocks/paragraph-block';
import { ScoreBlock } from './blocks/score-block';
import { ShareChartBlock } from './blocks/share-chart-block';
import { TableBlock } from './blocks/table-block';
import { ValuesCircleBlock } from './blocks/values-circle-block';

/** One block of the report document, by its kind (the PDF draws the same blocks). */
export function ReportBlock({ block, headingLevel }: { block: ReportBlockData; headingLevel: 3 | 4 }) {
  switch (block.kind) {
    case 'paragraph':
      return <ParagraphBlock text={block.text} />;
    case 'list':
      return <ListBlock block={block} headingLevel={headingLevel} />;
    case 'score':
      return <ScoreBlock block={block} headingLevel={headingLevel} />;
    case 'bar_chart':
      return <BarChartBlock block={block} headingLevel={headingLevel} />;
    case 'values_circle':
      return <ValuesCircleBlock block={block} headingLevel={headingLevel} />;
    case 'share_chart':
      return <ShareChartBlock block={block} headingLevel={headingLevel} />;
    case 'callout':
      return <CalloutBlock block={block} />;
    case 'table':
      return <TableBlock block={block} />;
  }
}
