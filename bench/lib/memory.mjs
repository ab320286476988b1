// Memory of the processes under load, read from /proc (Linux): the server's resident set (RSS) and
// PostgreSQL's proportional set (PSS: each process's private pages plus its share of the shared
// buffers, so summing the backends does not count shared memory once per process).
import { readdirSync, readFileSync } from 'node:fs';

/** Resident set of one process in MB, or undefined when it is gone. */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The anonymous part of one process's resident set in MB (the heaps and malloc's memory; the rest is mapped files), or undefined. */
export function rssAnonMb(pid) {
  try {
    const match = /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The main thread's V8 heap (used and reserved) and the memory outside it that V8 knows of
 * (external: Buffers and the like), in MB, from the server's prom-client default metrics at
 * `metricsUrl`; undefined when it does not answer. The render threads' heaps are not in it: they
 * show only in the RSS (the difference is theirs, native memory and the code).
 */
export async function heapMb(metricsUrl) {
  try {
    const response = await fetch(metricsUrl, { signal: AbortSignal.timeout(900) });
    if (!response.ok) return undefined;
    const text = await response.text();
    const gauge = (name, labels = '(?:\\{[^}]*\\})?') => Number(new RegExp(`^${name}${labels} ([0-9.e+]+)`, 'm').exec(text)?.[1] ?? NaN) / 1024 / 1024;
    return {
      heapUsed: gauge('nodejs_heap_size_used_bytes'),
      heapTotal: gauge('nodejs_heap_size_total_bytes'),
      external: gauge('nodejs_external_memory_bytes'),
      // Where the reserve is: the young generation (V8 grows it under allocation pressure) and the old.
      newSpace: gauge('nodejs_heap_space_size_total_bytes', '\\{space="new"\\}'),
      oldSpace: gauge('nodejs_heap_space_size_total_bytes', '\\{space="old"\\}'),
    };
  } catch {
    return undefined;
  }
}

/** Proportional set of one process in MB (0 when unreadable). */
export function pssMb(pid) {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every process below `rootPid` (children, grandchildren, ...), by their parent ids in /proc. */
export function descendants(rootPid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(pid);
      queue.push(pid);
    }
  }
  return found;
}

/** What heapMb reports, each summed over the servers in a sample. */
export const heapFields = ['heapUsed', 'heapTotal', 'external', 'newSpace', 'oldSpace'];

/**
 * Samples memory every `intervalMs`: `servers` are process ids whose RSS (and its anonymous part)
 * is summed, `postgresPids()` names the PostgreSQL processes of the moment (their PSS is summed),
 * `metricsUrls` the servers' /metrics (their main threads' heaps, summed; see heapMb). stop()
 * resolves with the samples.
 */
export function sampleMemory({ servers, postgresPids, metricsUrls = [], intervalMs = 1_000 }) {
  const samples = [];
  const startedAt = performance.now();
  const sum = (values) => values.reduce((total, value) => total + (value ?? 0), 0);
  const take = async () => {
    const atSeconds = (performance.now() - startedAt) / 1000;
    const server = sum(servers.map(rssMb));
    const serverAnon = sum(servers.map(rssAnonMb));
    const [pids, heaps] = await Promise.all([postgresPids(), Promise.all(metricsUrls.map(heapMb))]);
    const postgres = sum(pids.map(pssMb));
    const heap = Object.fromEntries(heapFields.map((field) => [field, heaps.every(Boolean) ? sum(heaps.map((h) => h[field])) : NaN]));
    samples.push({ atSeconds, server, serverAnon, postgres, ...heap });
  };
  void take();
  const timer = setInterval(() => void take(), intervalMs);
  return {
    latest: () => samples.at(-1),
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** Mean of the samples' `field` within [fromSeconds, toSeconds) (samples without it left out). */
export function meanBetween(samples, field, fromSeconds, toSeconds) {
  const within = samples.filter((sample) => sample.atSeconds >= fromSeconds && sample.atSeconds < toSeconds && Number.isFinite(sample[field]));
  return within.length === 0 ? NaN : within.reduce((sum, sample) => sum + sample[field], 0) / within.length;
}
