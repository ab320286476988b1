// Makes a folder unwritable under a running server, as a full disk, a storage mount gone read-only
// or a wrong permission would, and writable again.
import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

type Method = 'read-only mount' | 'immutable' | 'permissions';
const methods = new Map<string, Method>();

/**
 * Root ignores file permissions, so as root the folder is bind-mounted read-only onto itself (its
 * files stay readable; writing fails with EROFS), or, where mounting is not allowed (a container
 * without CAP_SYS_ADMIN), made immutable (chattr +i: EPERM). Otherwise its write bits are dropped.
 */
export async function makeReadOnly(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  if (process.getuid?.() !== 0) {
    await setWritable(folder, false);
    methods.set(folder, 'permissions');
    return;
  }
  try {
    await run('mount', ['--bind', folder, folder]);
    await run('mount', ['-o', 'remount,ro,bind', folder]);
    methods.set(folder, 'read-only mount');
  } catch (mountError) {
    await run('umount', [folder]).catch(() => undefined);
    try {
      await run('chattr', ['-R', '+i', folder]);
      methods.set(folder, 'immutable');
    } catch (chattrError) {
      throw new Error(`cannot make ${folder} read-only as root: mount said ${String(mountError)}; chattr said ${String(chattrError)}`);
    }
  }
}

export async function makeWritable(folder: string): Promise<void> {
  const method = methods.get(folder);
  methods.delete(folder);
  if (method === 'read-only mount') await run('umount', [folder]);
  else if (method === 'immutable') await run('chattr', ['-R', '-i', folder]);
  else if (method === 'permissions') await setWritable(folder, true);
}

async function setWritable(folder: string, writable: boolean): Promise<void> {
  await chmod(folder, writable ? 0o755 : 0o555);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) await setWritable(join(folder, entry.name), writable);
  }
}
