import type { ReportsConfig } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalFileStorage } from './local-file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

/** A storage this process made, with what it holds open (the S3 client's connections) to release at shutdown. */
export type OwnedFileStorage = FileStorage & { close: () => void };

/** The S3 bucket when S3_BUCKET is set (config.s3), else the folder (FILES_DIR, by default DATA_DIR/files). */
export function createFileStorage(config: Pick<ReportsConfig, 'filesDir' | 's3'>): OwnedFileStorage {
  if (config.s3) return createS3FileStorage(config.s3);
  return { ...createLocalFileStorage(config.filesDir), close: () => {} };
}
