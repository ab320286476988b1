import type { ReportBlock } from '@app/contract/reports';
import { DataTable } from '../chart-figure';

type TableBlockData = Extract<ReportBlock, { kind: 'table' }>;

/** A small table of the document: the ranked top 10, the data behind a chart. */
export function TableBlock({ block }: { block: TableBlockData }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card p-3 break-inside-avoid">
      <DataTable caption={block.caption} columns={block.columns} rows={block.rows} />
    </div>
  );
}
