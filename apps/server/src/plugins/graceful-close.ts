import fp from 'fastify-plugin';

export interface GracefulCloseOptions {
  /** How long `app.close()` waits for requests in flight before cutting their connections. */
  drainTimeoutMs?: number;
}

/**
 * Makes `app.close()` (SIGTERM) finish promptly. Node stops accepting connections and closes idle
 * ones, but a keep-alive connection whose request is still running would stay open until the
 * keep-alive timeout (72 s). Once closing starts, each response says `Connection: close`, so the
 * connection ends with its last response; whatever still runs after the drain timeout is cut.
 */
export const gracefulClosePlugin = fp<GracefulCloseOptions>(
  async (app, { drainTimeoutMs = 10_000 }) => {
    let closing = false;
    let drainTimer: NodeJS.Timeout | undefined;

    app.addHook('preClose', (done) => {
      closing = true;
      drainTimer = setTimeout(() => app.server.closeAllConnections(), drainTimeoutMs).unref();
      done();
    });
    app.addHook('onClose', (_app, done) => {
      clearTimeout(drainTimer);
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'graceful-close' },
);
