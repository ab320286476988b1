/**
 * Where the product keeps files it makes (report PDFs): one interface, a local folder under
 * DATA_DIR by default (local-file-storage.ts). Keys are relative paths of lower-case letters,
 * digits, '-', '_', '.' and '/', never '..', so a key can never point outside the storage.
 */
export interface FileStorage {
  /** Writes the whole file; a reader sees the old file or the new one, never a part. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const keyPattern = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** Throws for a key that could escape the storage's root or means nothing. */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
