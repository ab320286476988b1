import { expect, it } from 'vitest';
import type { FileStorage } from '../src/lib/file-storage/file-storage.ts';

/**
 * What every FileStorage adapter must do, run against each of them (local folder, S3), so the
 * two stay equivalent: call it inside a describe whose beforeAll has made the storage.
 */
export function fileStorageCases(storage: () => FileStorage): void {
  it('keeps a file under its key and gives it back byte for byte', async () => {
    const data = Buffer.from([0, 1, 2, 255, 0x25, 0x50, 0x44, 0x46]);
    await storage().put('reports/a/1.pdf', data, 'application/pdf');
    expect(await storage().get('reports/a/1.pdf')).toEqual(data);
  });

  it('keeps an empty file as an empty file, not as no file', async () => {
    await storage().put('reports/empty.pdf', Buffer.alloc(0), 'application/pdf');
    expect(await storage().get('reports/empty.pdf')).toEqual(Buffer.alloc(0));
  });

  it('replaces a file whole when the same key is written again', async () => {
    await storage().put('reports/b/1.pdf', Buffer.from('first, and longer than the second'), 'application/pdf');
    await storage().put('reports/b/1.pdf', Buffer.from('second'), 'application/pdf');
    expect((await storage().get('reports/b/1.pdf'))?.toString()).toBe('second');
  });

  it('keeps files under different keys apart', async () => {
    await storage().put('reports/d/1.pdf', Buffer.from('one'), 'application/pdf');
    await storage().put('reports/d/2.pdf', Buffer.from('two'), 'application/pdf');
    expect((await storage().get('reports/d/1.pdf'))?.toString()).toBe('one');
    expect((await storage().get('reports/d/2.pdf'))?.toString()).toBe('two');
  });

  it('keeps a file whatever its content type says', async () => {
    const data = Buffer.from('plain words');
    await storage().put('notes/readme.txt', data, 'text/plain; charset=utf-8');
    expect(await storage().get('notes/readme.txt')).toEqual(data);
  });

  it('answers null for a key that holds nothing, and after a delete', async () => {
    expect(await storage().get('reports/none.pdf')).toBeNull();
    expect(await storage().get('nothing/under/this/prefix.pdf')).toBeNull();
    await storage().put('reports/c.pdf', Buffer.from('x'), 'application/pdf');
    await storage().delete('reports/c.pdf');
    expect(await storage().get('reports/c.pdf')).toBeNull();
  });

  it('deletes a key that holds nothing without complaint', async () => {
    await expect(storage().delete('reports/never-written.pdf')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the storage or mean nothing, for every call', async () => {
    for (const key of ['../etc/passwd', 'reports/../../x', 'reports/./x', '/absolute', 'Reports/Upper', 'a//b', 'trailing/', '']) {
      await expect(storage().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid storage key');
      await expect(storage().get(key)).rejects.toThrow('invalid storage key');
      await expect(storage().delete(key)).rejects.toThrow('invalid storage key');
    }
  });
}
