import type { Logger } from 'pino';

const duplicateSignalWindowMs = 500;

export interface Shutdown {
  /** Registers something to stop; steps run in reverse order of registration. */
  add: (name: string, stop: () => Promise<void>) => void;
  /** Runs every step, then exits with `exitCode`. */
  run: (exitCode: number) => Promise<never>;
}

/**
 * SIGTERM / SIGINT (Ctrl-C) stop the process cleanly: stop accepting requests and drain the ones
 * in flight, close the pool, stop the database, exit 0. A second signal exits at once, for the
 * operator who does not want to wait (the database then gets its stop request on exit).
 */
export function handleShutdownSignals(logger: Logger): Shutdown {
  const steps: Array<{ name: string; stop: () => Promise<void> }> = [];
  let running = false;
  let firstSignalAt = 0;

  const run = async (exitCode: number): Promise<never> => {
    running = true;
    let code = exitCode;
    for (const step of steps.reverse()) {
      try {
        await step.stop();
        logger.debug(`stopped ${step.name}`);
      } catch (error) {
        logger.error({ err: error }, `could not stop ${step.name}`);
        code = code || 1;
      }
    }
    process.exit(code);
  };

  const onSignal = (signal: NodeJS.Signals): void => {
    if (running) {
      // One Ctrl-C arrives several times within milliseconds (from the terminal to the whole
      // process group, and relayed by npm and tsx): only a deliberate second one forces the exit.
      if (performance.now() - firstSignalAt < duplicateSignalWindowMs) return;
      logger.warn(`${signal} received again: exiting without waiting`);
      process.exit(1);
    }
    firstSignalAt = performance.now();
    logger.info(`${signal} received: finishing requests in flight, then stopping`);
    void run(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  return { add: (name, stop) => void steps.push({ name, stop }), run };
}
