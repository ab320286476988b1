import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';

// The one key pair s3rver accepts: it checks every request's signature against it, so a test
// with the wrong secret fails as it would on AWS.
const accessKeyId = 'S3RVER';
const secretAccessKey = 'S3RVER';

export interface LocalS3 {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT. */
  endpoint: string;
  /** A bucket that exists, made for this server. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* settings that send the app's files to this server's bucket. */
  env: Record<string, string>;
  /** An object as S3 holds it (bytes and content type), or null when there is none; read through the S3 API. */
  readObject: (key: string) => Promise<{ data: Buffer; contentType: string | undefined } | null>;
  close: () => Promise<void>;
}

/**
 * A real S3-speaking server on 127.0.0.1 (the `@20minutes/s3rver` package, in this process),
 * keeping its objects in a temporary folder removed at close.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const bucket = `files-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });

  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    readObject: async (key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
        return { data: Buffer.from(bytes), contentType: head.ContentType };
      } catch (error) {
        if (error instanceof Error && (error.name === 'NotFound' || error.name === 'NoSuchKey')) return null;
        throw error;
      }
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
