import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

/**
 * Files in a folder (DATA_DIR/files by default). A write goes to a temporary file first and is
 * renamed into place, so a reader never sees half a file and a crash leaves no partial one.
 */
export function createLocalFileStorage(rootDir: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(rootDir, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(temporary, data);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => undefined);
        throw await explainWriteFailure(rootDir, error);
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * A write that failed because the folder cannot be written (a read-only mount, a wrong owner, a full
 * disk) names the folder and the reason: Node's recursive mkdir reports a read-only file system as
 * "ENOENT: no such file or directory", which sends an operator looking for a missing folder.
 */
async function explainWriteFailure(rootDir: string, error: unknown): Promise<unknown> {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return new Error(`the file storage ${rootDir} is full (ENOSPC)`, { cause: error });
  try {
    await access(rootDir, constants.W_OK);
    return error;
  } catch (accessError) {
    const reason = (accessError as NodeJS.ErrnoException).code ?? 'unknown';
    const meaning = reason === 'EROFS' ? 'a read-only file system' : reason === 'EACCES' || reason === 'EPERM' ? 'permission denied' : reason === 'ENOENT' ? 'it does not exist' : reason;
    return new Error(`the file storage ${rootDir} is not writable: ${meaning} (${reason})`, { cause: error });
  }
}
