import type { TeamReportDocument } from '@app/contract/team-report';
import { parentPort } from 'node:worker_threads';
import { renderTeamReportPdf } from './pdf/render-team-report-pdf.ts';
import { renderEdition } from './render-edition.ts';
import type { RenderInput } from './report-renderer.ts';

// A report render thread (render-pool.ts): composes and draws one edition at a time, so the CPU
// work never holds the server's event loop.

/** A person's report from its inputs, or a team report (issue 13) from its stored document. */
export type RenderRequest = { id: number; input: RenderInput } | { id: number; team: TeamReportDocument };

export type RenderReply =
  | { id: number; ok: true; document: unknown; pdf: ArrayBuffer; pageCount: number }
  | { id: number; ok: false; message: string };

if (!parentPort) throw new Error('render-worker runs as a worker thread');
const port = parentPort;

port.on('message', (request: RenderRequest) => {
  const rendered = 'team' in request ? renderTeamReportPdf(request.team).then((team) => ({ ...team, document: null })) : renderEdition(request.input);
  rendered.then(
    ({ document, pdf, pageCount }) => {
      // The PDF's bytes move to the server thread instead of being copied.
      const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
      const reply: RenderReply = { id: request.id, ok: true, document, pdf: bytes, pageCount };
      port.postMessage(reply, [bytes]);
    },
    (error: unknown) => {
      const reply: RenderReply = { id: request.id, ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      port.postMessage(reply);
    },
  );
});
