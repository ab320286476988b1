import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

// A gzip-compressed tar archive (POSIX ustar), written and read here rather than by the system
// `tar`: the backup must write each file of a live data directory as it is at that moment (a file
// that shrinks while it is read is padded, as GNU tar does, and one that vanishes is left out),
// and add entries (backup_label, the WAL) after the copy. Any tar reads the result:
// `tar -xzf FILE` gives the folders back.

const block = 512;

export interface TarEntryHeader {
  /** Path inside the archive, '/'-separated, without a trailing '/'. */
  name: string;
  type: 'file' | 'directory';
  mode: number;
  size: number;
  mtime: Date;
}

/** Writes entries one after another into FILE, created new (never over an existing file) with mode 0600. */
export class TarGzWriter {
  private readonly gzip = createGzip();
  private readonly written: Promise<void>;
  /** Rejects when writing the file fails (a full disk), never resolves otherwise. */
  private readonly failed: Promise<never>;

  constructor(file: string) {
    this.written = pipeline(this.gzip, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    this.failed = this.written.then(() => new Promise<never>(() => {}));
    // Seen by write() and finish(); without these handlers a failure would be an unhandled rejection.
    this.written.catch(() => {});
    this.failed.catch(() => {});
  }

  async addDirectory(name: string, mtime = new Date()): Promise<void> {
    await this.write(header({ name, type: 'directory', mode: 0o700, size: 0, mtime }));
  }

  async addBuffer(name: string, content: Buffer, mtime = new Date()): Promise<void> {
    await this.write(header({ name, type: 'file', mode: 0o600, size: content.length, mtime }));
    await this.write(content);
    await this.write(padding(content.length));
  }

  /**
   * Copies the file at `source` as it is now. Returns false when it is gone (deleted, e.g. a
   * dropped table's file, while the copy ran). A file that shrinks while it is read is filled up
   * with zeros to the size its entry announced; one that grows is copied up to that size: the
   * database's WAL replay puts both right (a backup's own rule, not a general one).
   */
  async addFile(name: string, source: string): Promise<boolean> {
    let handle;
    try {
      handle = await open(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const info = await handle.stat();
      await this.write(header({ name, type: 'file', mode: 0o600, size: info.size, mtime: info.mtime }));
      let copied = 0;
      while (copied < info.size) {
        const { bytesRead, buffer } = await handle.read({ buffer: Buffer.alloc(Math.min(1024 * 1024, info.size - copied)), position: copied });
        if (bytesRead === 0) break;
        await this.write(buffer.subarray(0, bytesRead));
        copied += bytesRead;
      }
      if (copied < info.size) await this.write(Buffer.alloc(info.size - copied));
      await this.write(padding(info.size));
      return true;
    } finally {
      await handle.close();
    }
  }

  /** The end-of-archive blocks, then waits until everything is on disk. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(block * 2));
    this.gzip.end();
    await this.written;
  }

  /** Stops writing after a failure; the caller removes the file. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.written.catch(() => {});
  }

  private async write(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return;
    // A stream destroyed by a failed write emits no 'drain' and no further 'error': wait for either.
    if (this.gzip.destroyed) await this.failed;
    if (!this.gzip.write(chunk)) await Promise.race([once(this.gzip, 'drain'), this.failed]);
  }
}

export class TarFormatError extends Error {}

/**
 * Reads FILE's entries in order. For each, `onEntry` returns where its content goes (called with
 * each piece, in order) or undefined to skip it. Throws TarFormatError when the archive is not a
 * gzip-compressed tar, is damaged (gzip's checksum) or ends before its end-of-archive blocks.
 */
export async function readTarGz(file: string, onEntry: (entry: TarEntryHeader) => Promise<EntrySink | undefined>): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { remaining: number; padding: number; sink: EntrySink | undefined } | undefined;
  let ended = false;
  const input = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      if (ended) continue;
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (current) {
          if (current.remaining > 0) {
            if (pending.length === 0) break;
            const piece = pending.subarray(0, Math.min(current.remaining, pending.length));
            await current.sink?.write(piece);
            current.remaining -= piece.length;
            pending = pending.subarray(piece.length);
            continue;
          }
          if (pending.length < current.padding) break;
          pending = pending.subarray(current.padding);
          await current.sink?.end();
          current = undefined;
        }
        if (pending.length < block) break;
        const raw = pending.subarray(0, block);
        pending = pending.subarray(block);
        if (raw.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const entry = parseHeader(raw);
        current = { remaining: entry.size, padding: (block - (entry.size % block)) % block, sink: await onEntry(entry) };
      }
    }
  } catch (error) {
    if (error instanceof TarFormatError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('Z_')) throw new TarFormatError(`it is not a whole gzip file (${(error as Error).message})`);
    throw error;
  }
  if (!ended) throw new TarFormatError('it ends before the archive does (cut short?)');
}

export interface EntrySink {
  write: (piece: Buffer) => Promise<void>;
  end: () => Promise<void>;
}

/** Keeps a small entry's content in memory. */
export function collect(into: (content: Buffer) => void): EntrySink {
  const pieces: Buffer[] = [];
  return {
    write: async (piece) => void pieces.push(Buffer.from(piece)),
    end: async () => into(Buffer.concat(pieces)),
  };
}

function header(entry: TarEntryHeader): Buffer {
  const raw = Buffer.alloc(block);
  const [prefix, name] = splitName(entry.type === 'directory' ? `${entry.name}/` : entry.name);
  raw.write(name, 0, 100, 'utf8');
  octal(raw, 100, 8, entry.mode);
  octal(raw, 108, 8, 0);
  octal(raw, 116, 8, 0);
  octal(raw, 124, 12, entry.size);
  octal(raw, 136, 12, Math.floor(entry.mtime.getTime() / 1000));
  raw.write(entry.type === 'directory' ? '5' : '0', 156, 1, 'latin1');
  raw.write('ustar\u000000', 257, 8, 'latin1');
  raw.write(prefix, 345, 155, 'utf8');
  // The checksum is computed with its own field as spaces.
  raw.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of raw) sum += byte;
  raw.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return raw;
}

function parseHeader(raw: Buffer): TarEntryHeader {
  const text = (start: number, length: number): string => {
    const field = raw.subarray(start, start + length);
    const end = field.indexOf(0);
    return field.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  const number = (start: number, length: number): number => Number.parseInt(text(start, length).trim() || '0', 8);
  if (raw.subarray(257, 262).toString('latin1') !== 'ustar') throw new TarFormatError('it is not a tar archive');
  let sum = 0;
  for (let index = 0; index < block; index += 1) sum += index >= 148 && index < 156 ? 0x20 : (raw[index] ?? 0);
  if (sum !== number(148, 8)) throw new TarFormatError('an entry header is damaged (checksum)');
  const prefix = text(345, 155);
  const name = `${prefix ? `${prefix}/` : ''}${text(0, 100)}`.replace(/\/+$/, '');
  const flag = text(156, 1);
  const type = flag === '5' ? 'directory' : flag === '0' || flag === '' ? 'file' : undefined;
  if (!type) throw new TarFormatError(`${name} is neither a file nor a folder (tar type ${flag})`);
  return { name, type, mode: number(100, 8), size: type === 'file' ? number(124, 12) : 0, mtime: new Date(number(136, 12) * 1000) };
}

/** ustar keeps up to 100 bytes of name and 155 of folder prefix, split at a '/'. */
function splitName(full: string): [string, string] {
  if (Buffer.byteLength(full) <= 100) return ['', full];
  for (let cut = full.lastIndexOf('/', full.length - 2); cut > 0; cut = full.lastIndexOf('/', cut - 1)) {
    const prefix = full.slice(0, cut);
    const name = full.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return [prefix, name];
  }
  throw new Error(`${full} is too long a path for a tar archive`);
}

function octal(raw: Buffer, start: number, length: number, value: number): void {
  raw.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, start, length, 'latin1');
}

function padding(size: number): Buffer {
  return Buffer.alloc((block - (size % block)) % block);
}
