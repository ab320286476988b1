import { ConfigError, loadConfig, type Config } from '../config.ts';
import type { CommandOutput } from './command-output.ts';

/** The server's settings for a command-line tool; undefined after telling the operator which one is wrong. */
export function loadCliConfig(env: NodeJS.ProcessEnv, output: CommandOutput): Config | undefined {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.stderr(`${error.message}\n`);
    return undefined;
  }
}
