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

/**
 * Samples memory every `intervalMs`: `servers` are process ids whose RSS is summed, `postgresPids()`
 * names the PostgreSQL processes of the moment (their PSS is summed). stop() resolves with the samples.
 */
export function sampleMemory({ servers, postgresPids, intervalMs = 1_000 }) {
  const samples = [];
  const startedAt = performance.now();
  const take = async () => {
    const server = servers.map(rssMb).reduce((sum, value) => sum + (value ?? 0), 0);
    const pids = await postgresPids();
    const postgres = pids.map(pssMb).reduce((sum, value) => sum + value, 0);
    samples.push({ atSeconds: (performance.now() - startedAt) / 1000, server, postgres });
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

/** Mean of the samples' `field` within [fromSeconds, toSeconds). */
export function meanBetween(samples, field, fromSeconds, toSeconds) {
  const within = samples.filter((sample) => sample.atSeconds >= fromSeconds && sample.atSeconds < toSeconds);
  return within.length === 0 ? NaN : within.reduce((sum, sample) => sum + sample[field], 0) / within.length;
}
