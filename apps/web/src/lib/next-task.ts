// Preact renders in one go: a page's code evaluated and its first render in the same task make one
// long task, which keeps a phone from answering a tap meanwhile (Lighthouse's total blocking time
// counts each task's time beyond 50 ms). Waiting for a later task between the two makes two
// shorter ones.

/** Resolves with `value` in a later task of the event loop (not a microtask of this one). */
export function inNextTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 0));
}
