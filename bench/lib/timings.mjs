// Latencies and answers per endpoint, for the journey benches (load.mjs, two-instances.mjs).
// An endpoint is its method and route pattern ("POST /me/question/{id}/answer"), so the ids in a
// path do not split one endpoint into thousands of rows.

export class Timings {
  /** @type {Map<string, { latencies: number[], statuses: Map<number, number> }>} */
  #endpoints = new Map();
  /** Network failures (no answer at all), by endpoint, warm-up included. */
  errors = new Map();
  /** Answers before this moment (performance.now()) are a warm-up's: only their 5xx are kept. */
  #measuredFrom = 0;
  #warmUpServerErrors = 0;

  /** From `time` on answers are measured; earlier ones count only if they are 5xx (a target all run long). */
  measureFrom(time) {
    this.#measuredFrom = time;
  }

  record(endpoint, milliseconds, status) {
    if (performance.now() < this.#measuredFrom) {
      if (status >= 500) this.#warmUpServerErrors += 1;
      return;
    }
    let entry = this.#endpoints.get(endpoint);
    if (!entry) this.#endpoints.set(endpoint, (entry = { latencies: [], statuses: new Map() }));
    entry.latencies.push(milliseconds);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  }

  recordError(endpoint) {
    this.errors.set(endpoint, (this.errors.get(endpoint) ?? 0) + 1);
  }

  /** Answers with a status of 500 or more, in all (the warm-up's included). */
  get serverErrors() {
    let count = this.#warmUpServerErrors;
    for (const { statuses } of this.#endpoints.values()) for (const [status, times] of statuses) if (status >= 500) count += times;
    return count;
  }

  get requests() {
    let count = 0;
    for (const { latencies } of this.#endpoints.values()) count += latencies.length;
    return count;
  }

  /** One row per endpoint, busiest first: count, p50, p95, p99 and max in ms, and the statuses seen. */
  rows() {
    return [...this.#endpoints.entries()]
      .map(([endpoint, { latencies, statuses }]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        const percentile = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
        return {
          endpoint,
          count: sorted.length,
          p50: percentile(50),
          p95: percentile(95),
          p99: percentile(99),
          max: sorted[sorted.length - 1],
          statuses: [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, times]) => `${status}×${times}`).join(' '),
        };
      })
      .sort((a, b) => b.count - a.count);
  }
}

/** A table of rows() for a terminal. */
export function formatTimings(rows) {
  const width = Math.max(...rows.map((row) => row.endpoint.length), 8);
  const lines = [`${'endpoint'.padEnd(width)}  ${'count'.padStart(6)}  ${'p50'.padStart(7)}  ${'p95'.padStart(7)}  ${'p99'.padStart(7)}  statuses`];
  for (const row of rows) {
    lines.push(`${row.endpoint.padEnd(width)}  ${String(row.count).padStart(6)}  ${ms(row.p50).padStart(7)}  ${ms(row.p95).padStart(7)}  ${ms(row.p99).padStart(7)}  ${row.statuses}`);
  }
  return lines.join('\n');
}

export const ms = (value) => (value === undefined ? '-' : value < 10 ? value.toFixed(1) : String(Math.round(value)));
