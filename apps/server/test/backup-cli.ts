import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRootDir } from '../src/paths.ts';

const tsx = path.join(repoRootDir, 'node_modules', '.bin', 'tsx');
const cliDir = path.join(repoRootDir, 'apps', 'server', 'src', 'cli');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run backup` or `npm run restore` as an operator runs it: the real entry in a child process, only PATH and `env` set. */
export async function cli(command: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [path.join(cliDir, `${command}.ts`), ...args], { cwd: repoRootDir, env: { PATH: process.env.PATH ?? '', ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
