import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from './local-file-storage.ts';
import type { FileStorage } from './file-storage.ts';

describe('local file storage', () => {
  let root: string;
  let storage: FileStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storage-'));
    storage = createLocalFileStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('keeps a file under its key and gives it back byte for byte', async () => {
    const data = Buffer.from([0, 1, 2, 255]);
    await storage.put('reports/a/1.pdf', data, 'application/pdf');
    expect(await storage.get('reports/a/1.pdf')).toEqual(data);
  });

  it('replaces a file whole and leaves no temporary file behind', async () => {
    await storage.put('reports/b/1.pdf', Buffer.from('first'), 'application/pdf');
    await storage.put('reports/b/1.pdf', Buffer.from('second'), 'application/pdf');
    expect((await storage.get('reports/b/1.pdf'))?.toString()).toBe('second');
    expect(await readdir(path.join(root, 'reports', 'b'))).toEqual(['1.pdf']);
  });

  it('answers null for a key that holds nothing, and after a delete', async () => {
    expect(await storage.get('reports/none.pdf')).toBeNull();
    await storage.put('reports/c.pdf', Buffer.from('x'), 'application/pdf');
    await storage.delete('reports/c.pdf');
    expect(await storage.get('reports/c.pdf')).toBeNull();
  });

  it('refuses keys that could leave the storage folder', async () => {
    for (const key of ['../etc/passwd', 'reports/../../x', '/absolute', 'Reports/Upper', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid storage key');
    }
  });
});
