import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStorageCases } from '../../../test/file-storage-cases.ts';
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

  fileStorageCases(() => storage);

  it('leaves no temporary file behind when it replaces a file', async () => {
    await storage.put('reports/t/1.pdf', Buffer.from('first'), 'application/pdf');
    await storage.put('reports/t/1.pdf', Buffer.from('second'), 'application/pdf');
    expect(await readdir(path.join(root, 'reports', 't'))).toEqual(['1.pdf']);
  });
});
