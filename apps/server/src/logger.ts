import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config.ts';
import { redactedValue, redactPaths, redactUrl, scrubSecrets } from './lib/log-redaction.ts';

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The one pino logger of the process; Fastify adds a request id to each request's child logger.
 * Pass `destination` to capture the lines (tests); otherwise stdout, pretty in development only.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'nodeEnv'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: redactedValue },
    formatters: { log: (object) => scrubSecrets(object) },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  if (destination) return pino(options, destination);
  if (config.nodeEnv === 'development' && isInstalled('pino-pretty')) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } });
  }
  return pino(options);
}

// pino-pretty is a dev dependency; a production install without it falls back to JSON lines.
function isInstalled(moduleName: string): boolean {
  try {
    import.meta.resolve(moduleName);
    return true;
  } catch {
    return false;
  }
}
