import type { ReportBlock } from '@app/contract/reports';
import { DataTable } from '../chart-figure';

type TableBlockData = Extract<ReportBlock, { kind: 'table' }>;

/** A small table of the document: the ranked top 10, the data behind a chart. */
export function TableBlock({ block }: { block: TableBlockData }) {
  return (
    // Scrolls sideways on a phone: a keyboard user must reach it too (axe: scrollable-region-focusable).
    <div role="region" aria-label={block.caption} tabIndex={0} className="overflow-x-auto rounded-lg border bg-card p-3 break-inside-avoid">
      <DataTable caption={block.caption} columns={block.columns} rows={block.rows} />
    </div>
  );
}
