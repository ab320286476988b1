import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage } from './file-storage.ts';

export interface S3FileStorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Ceph, ...); undefined is AWS itself. */
  endpoint: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Undefined uses the SDK's default chain (AWS_* variables, a profile, the instance's or task's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * Files as objects in one S3 bucket, under the same keys as the local folder. A PUT replaces an
 * object whole, so a reader sees the old file or the new one, as the interface requires.
 */
export function createS3FileStorage(options: S3FileStorageOptions): FileStorage & { close: () => void } {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  });
  const failed = (action: string, key: string, error: unknown) =>
    new Error(`S3 ${action} of "${key}" in bucket "${bucket}" failed: ${error instanceof Error ? error.message || error.name : String(error)}`, { cause: error });

  return {
    async put(key, data, contentType) {
      assertStorageKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
      } catch (error) {
        throw failed('put', key, error);
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return Buffer.alloc(0);
        const bytes = await object.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        // Only a missing object is "no file", as ENOENT is for the folder. A missing bucket or
        // refused credentials is a fault to report (AWS answers 403, not 404, for a missing key
        // when the credentials may not list the bucket: grant s3:ListBucket).
        if (isMissingObject(error)) return null;
        throw failed('get', key, error);
      }
    },
    async delete(key) {
      assertStorageKey(key);
      try {
        // S3 answers a delete of a missing object with success, like the folder's rm --force.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw failed('delete', key, error);
      }
    },
    close: () => client.destroy(),
  };
}

function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  // Some S3-compatible services answer a bare 404 without an error code.
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}
