// What a page's JavaScript holds: each built chunk's bytes attributed to the source files its
// sourcemap names (the build writes hidden maps next to every chunk), summed per npm package or
// per app folder, and scaled to the chunk's gzipped size (the share of its minified bytes). The
// attribution is by mapped bytes, so a package's figure is close, not exact: gzip shares
// dictionaries across the sources of a chunk.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = new Map([...base64].map((char, index) => [char, index]));

/** One mappings line's segments as [generated column, source index | undefined], VLQ-decoded. */
function* segments(mappings) {
  let sourceIndex = 0;
  let line = 0;
  for (const lineText of mappings.split(';')) {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const bits = digit.get(char);
        value += (bits & 31) << shift;
        if (bits & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length >= 4) sourceIndex += values[1];
      yield { line, column, source: values.length >= 4 ? sourceIndex : undefined };
      // Remaining fields (original line/column/name) are relative too, but unused here.
    }
    line += 1;
  }
}

/** `node_modules/@scope/name/...` -> `@scope/name`; an app file -> `app: <first two folders>`. */
export function ownerOf(source) {
  const marker = source.lastIndexOf('node_modules/');
  if (marker >= 0) {
    const parts = source.slice(marker + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const inApp = source.match(/apps\/web\/src\/(.*)$/);
  if (inApp) {
    const folders = inApp[1].split('/');
    return `app: ${folders.length > 2 ? folders.slice(0, 2).join('/') : folders[0]}`;
  }
  const inPackage = source.match(/packages\/([^/]+)\//);
  if (inPackage) return `@app/${inPackage[1]}`;
  return source.startsWith('\0') || source.includes('rolldown') ? '(bundler runtime)' : source;
}

/** Minified bytes of one chunk per source file, from its map (unmapped bytes as '(unmapped)'). */
export function chunkSources(distDir, fileName) {
  const code = readFileSync(join(distDir, fileName), 'utf8');
  const mapFile = join(distDir, `${fileName}.map`);
  const bySource = new Map();
  const add = (source, bytes) => bySource.set(source, (bySource.get(source) ?? 0) + bytes);
  if (!existsSync(mapFile)) {
    add('(no sourcemap)', Buffer.byteLength(code));
    return { bySource, bytes: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length };
  }
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const lines = code.split('\n');
  const mapped = [...segments(map.mappings)];
  let previous = { line: 0, column: 0, source: undefined };
  const flush = (until) => {
    // Bytes from the previous segment to `until` (same line) or to the line's end (and the newline).
    if (until.line === previous.line) add(previous.source === undefined ? '(unmapped)' : map.sources[previous.source], Buffer.byteLength(lines[previous.line].slice(previous.column, until.column)));
    else {
      add(previous.source === undefined ? '(unmapped)' : map.sources[previous.source], Buffer.byteLength(lines[previous.line].slice(previous.column)) + 1);
      for (let line = previous.line + 1; line < until.line; line += 1) add('(unmapped)', Buffer.byteLength(lines[line]) + 1);
      add('(unmapped)', Buffer.byteLength(lines[until.line]?.slice(0, until.column) ?? ''));
    }
  };
  for (const segment of mapped) {
    flush(segment);
    previous = segment;
  }
  flush({ line: lines.length - 1, column: lines.at(-1).length });
  return { bySource, bytes: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length };
}

/**
 * The gzipped bytes of `fileNames` (chunks under distDir, e.g. `assets/index-x.js`) per owner
 * (npm package or app folder), largest first, and their total.
 */
export function bundleContents(distDir, fileNames) {
  const byOwner = new Map();
  let total = 0;
  for (const fileName of fileNames) {
    const { bySource, bytes, gzipped } = chunkSources(distDir, fileName);
    total += gzipped;
    for (const [source, sourceBytes] of bySource) {
      const owner = ownerOf(source);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + (gzipped * sourceBytes) / bytes);
    }
  }
  return { total, owners: [...byOwner].sort((a, b) => b[1] - a[1]) };
}
