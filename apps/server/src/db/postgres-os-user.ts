import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

const userName = 'postgres';

/**
 * PostgreSQL refuses to run as root. When we are root (containers, CI), the database runs as the
 * unprivileged `postgres` user, created here if the system lacks it. Otherwise it runs as us.
 */
export async function unprivilegedPostgresUser(): Promise<OsUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const existing = await findUser(userName);
  if (existing) return existing;
  try {
    await promisify(execFile)('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', userName]);
  } catch (error) {
    throw new Error(`Running as root, and the unprivileged user "${userName}" for PostgreSQL could not be created (useradd: ${(error as Error).message.trim()}); create it, run as a non-root user, or set DATABASE_URL`);
  }
  const created = await findUser(userName);
  if (!created) throw new Error(`useradd reported success but "${userName}" is not in /etc/passwd`);
  return created;
}

async function findUser(name: string): Promise<OsUser | undefined> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  for (const line of passwd.split('\n')) {
    const [entryName, , uid, gid] = line.split(':');
    if (entryName === name && uid !== undefined && gid !== undefined) return { name, uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

/**
 * Throws a clear error when `user` cannot traverse every directory down to `target` (for example
 * a data directory under /root). Supplementary groups do not count: the child drops them.
 */
export async function assertReachableBy(user: OsUser, target: string, what: string): Promise<void> {
  const absolute = path.resolve(target);
  const parts = absolute.split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (const part of ['', ...parts]) {
    current = path.join(current, part);
    const info = await stat(current);
    const canTraverse =
      (info.uid === user.uid && (info.mode & 0o100) !== 0) ||
      (info.gid === user.gid && (info.mode & 0o010) !== 0) ||
      (info.mode & 0o001) !== 0;
    if (!canTraverse) {
      throw new Error(`The database user "${user.name}" cannot reach ${what} (${absolute}): ${current} is not searchable by it; choose another location or chmod o+x ${current}`);
    }
  }
}
