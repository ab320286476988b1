// Makes a folder unwritable under a running server, as a full disk, a storage mount gone read-only
// or a wrong permission would, and writable again.
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Root ignores file permissions, so as root the folder is bind-mounted read-only onto itself (its
 * files stay readable; writing fails with EROFS); otherwise its permissions drop the write bit.
 */
export async function makeReadOnly(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  if (process.getuid?.() === 0) {
    await run('mount', ['--bind', folder, folder]);
    await run('mount', ['-o', 'remount,ro,bind', folder]);
  } else {
    await setWritable(folder, false);
  }
}

export async function makeWritable(folder: string): Promise<void> {
  if (process.getuid?.() === 0) await run('umount', [folder]);
  else await setWritable(folder, true);
}

async function setWritable(folder: string, writable: boolean): Promise<void> {
  await chmod(folder, writable ? 0o755 : 0o555);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) await setWritable(join(folder, entry.name), writable);
  }
}
