import { reportDocument } from '@app/contract/reports';
import type { FastifyBaseLogger } from 'fastify';
import { Worker } from 'node:worker_threads';
import type { TeamReportDocument } from '@app/contract/team-report';
import type { RenderedEdition, RenderedTeamReport, RenderInput, ReportRenderer } from './report-renderer.ts';
import type { RenderReply, RenderRequest } from './render-worker.ts';

export interface RenderPoolOptions {
  /** Threads, so renders at the same time: one per core keeps the API answering during a burst. */
  size: number;
  logger: FastifyBaseLogger;
}

/** A render waiting for or held by a thread: a person's report or a team report (issue 13). */
type Task =
  | { input: RenderInput; resolve: (edition: RenderedEdition) => void; reject: (error: Error) => void }
  | { team: TeamReportDocument; resolve: (edition: RenderedTeamReport) => void; reject: (error: Error) => void };

interface Thread {
  worker: Worker;
  task: { id: number; task: Task } | null;
}

/**
 * A render thread's heap is bounded at 1 GB, as the server's (--max-old-space-size=1024 in `npm
 * start`; a thread follows that flag when it is given, and this bound when it is not: `npm run
 * dev`, a plain `node dist/main.js`). V8 lets garbage pile up to about 4 times the live heap
 * between full collections when its limit is 2 GB or more (its default is a quarter of the
 * machine's memory: 4 GB here), 1.6 times at 1 GB: in bench:load (issue 14) a render thread's heap
 * reached 125 MB rendering back to back, 85 MB with the bound, for 35-50 MB live.
 */
const resourceLimits = { maxOldGenerationSizeMb: 1024 };

/**
 * How to start a render thread: the built `report-render-worker.js` beside the server's bundle
 * (apps/server/scripts/build.ts builds both), or, when the server runs from its TypeScript sources
 * (tests, `npm run dev`), a small script that registers tsx in the new thread first and then loads
 * `render-worker.ts` (a worker does not take `--import tsx` from its execArgv on every Node 20).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./report-render-worker.js', import.meta.url), { resourceLimits });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = new URL('./render-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

/**
 * Renders reports in worker threads, at most `size` at a time; the rest wait in order. A thread
 * that dies fails its report (the job retries it) and is replaced at the next render.
 */
export function createRenderPool({ size, logger }: RenderPoolOptions): ReportRenderer {
  const threads: Thread[] = [];
  const waiting: Task[] = [];
  let nextId = 1;
  let closed = false;

  function start(): Thread {
    const thread: Thread = { worker: startWorker(), task: null };
    thread.worker.on('message', (reply: RenderReply) => {
      const current = thread.task;
      if (!current || current.id !== reply.id) return;
      thread.task = null;
      const task = current.task;
      if (reply.ok && 'team' in task) task.resolve({ pdf: Buffer.from(reply.pdf), pageCount: reply.pageCount });
      else if (reply.ok) task.resolve({ document: reportDocument.parse(reply.document), pdf: Buffer.from(reply.pdf), pageCount: reply.pageCount });
      else current.task.reject(new Error(`report render failed: ${reply.message}`));
      dispatch();
    });
    const lost = (error: Error) => {
      const index = threads.indexOf(thread);
      if (index >= 0) threads.splice(index, 1);
      thread.task?.task.reject(error);
      thread.task = null;
      if (!closed) {
        logger.error({ err: error }, 'a report render thread stopped');
        dispatch();
      }
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => lost(new Error(`report render thread exited with code ${code}`)));
    threads.push(thread);
    return thread;
  }

  function dispatch(): void {
    while (waiting.length > 0 && !closed) {
      const idle = threads.find((thread) => thread.task === null) ?? (threads.length < size ? start() : undefined);
      if (!idle) return;
      const task = waiting.shift()!;
      const id = nextId++;
      idle.task = { id, task };
      const request: RenderRequest = 'team' in task ? { id, team: task.team } : { id, input: task.input };
      idle.worker.postMessage(request);
    }
  }

  return {
    render(input) {
      if (closed) return Promise.reject(new Error('the report render pool is closed'));
      return new Promise<RenderedEdition>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        dispatch();
      });
    },
    renderTeamReport(team) {
      if (closed) return Promise.reject(new Error('the report render pool is closed'));
      return new Promise<RenderedTeamReport>((resolve, reject) => {
        waiting.push({ team, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of waiting.splice(0)) task.reject(new Error('the report render pool is closed'));
      await Promise.all(threads.splice(0).map((thread) => thread.worker.terminate()));
    },
  };
}
