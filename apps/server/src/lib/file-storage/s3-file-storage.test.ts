import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStorageCases } from '../../../test/file-storage-cases.ts';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server.ts';
import { createS3FileStorage, type S3FileStorageOptions } from './s3-file-storage.ts';
import type { FileStorage } from './file-storage.ts';

// The S3 adapter against a real S3-speaking server on 127.0.0.1 (s3rver checks each request's
// signature), through the same cases as the local folder.

describe('S3 file storage', () => {
  let s3: LocalS3;
  let options: S3FileStorageOptions;
  let storage: FileStorage & { close: () => void };
  const opened: { close: () => void }[] = [];
  const open = (changes: Partial<S3FileStorageOptions>) => {
    const other = createS3FileStorage({ ...options, ...changes });
    opened.push(other);
    return other;
  };

  beforeAll(async () => {
    s3 = await startLocalS3();
    options = {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    };
    storage = open({});
  });
  afterAll(async () => {
    for (const client of opened) client.close();
    await s3?.close();
  });

  fileStorageCases(() => storage);

  it('stores the object under the key itself, with the content type it was given', async () => {
    const data = Buffer.from('%PDF-1.7 a report');
    await storage.put('reports/u1/r1/1.pdf', data, 'application/pdf');
    expect(await s3.readObject('reports/u1/r1/1.pdf')).toEqual({ data, contentType: 'application/pdf' });
    await storage.delete('reports/u1/r1/1.pdf');
    expect(await s3.readObject('reports/u1/r1/1.pdf')).toBeNull();
  });

  it('reports a missing bucket as a fault naming the bucket, not as a missing file', async () => {
    const elsewhere = open({ bucket: 'no-such-bucket' });
    await expect(elsewhere.get('reports/a.pdf')).rejects.toThrow('S3 get of "reports/a.pdf" in bucket "no-such-bucket" failed: The specified bucket does not exist');
    await expect(elsewhere.put('reports/a.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow('in bucket "no-such-bucket" failed');
  });

  it('reports refused credentials as a fault, for reads as for writes', async () => {
    const wrongSecret = open({ credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' } });
    await storage.put('reports/kept.pdf', Buffer.from('kept'), 'application/pdf');
    await expect(wrongSecret.get('reports/kept.pdf')).rejects.toThrow(/S3 get of "reports\/kept.pdf" .* failed: The request signature we calculated does not match/);
    await expect(wrongSecret.get('reports/none.pdf')).rejects.toThrow('S3 get of "reports/none.pdf"');
    await expect(wrongSecret.put('reports/kept.pdf', Buffer.from('changed'), 'application/pdf')).rejects.toThrow('S3 put of "reports/kept.pdf"');
    expect((await storage.get('reports/kept.pdf'))?.toString()).toBe('kept');
  });

  it('reports an unreachable service as a fault', async () => {
    const closed = await startLocalS3();
    await closed.close();
    const unreachable = open({ endpoint: closed.endpoint, bucket: closed.bucket });
    await expect(unreachable.get('reports/a.pdf')).rejects.toThrow('S3 get of "reports/a.pdf"');
  });
});
