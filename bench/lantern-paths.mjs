// Why a page's simulated Lighthouse metrics are what they are: reads a run saved by
// `node bench/web.mjs --artifacts DIR` and recomputes Lighthouse's own simulation (Lantern: a slow
// phone's network and CPU, from the page's requests and main-thread tasks) of FCP, LCP and TBT,
// then prints the largest paint's critical path (each step: simulated start and end in ms, what it
// is). `--remove a,b` first drops the requests whose URL contains one of the parts and prints the
// metrics again: what a request less would change (a font, a favicon, an API call), without
// building anything. Lighthouse's computed artifacts are internal modules: this follows the
// installed version (issue 15's figures came from 12.x).
//
//   node bench/lantern-paths.mjs /tmp/artifacts/dashboard-123.json [--remove woff2,favicon]
import { readFileSync } from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const args = process.argv.slice(2);
const file = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--remove');
if (!file) throw new Error('usage: node bench/lantern-paths.mjs <artifacts.json> [--remove part,part]');
const removed = args.includes('--remove') ? args[args.indexOf('--remove') + 1].split(',').filter(Boolean) : [];
const saved = JSON.parse(readFileSync(file, 'utf8'));

/** The simulated metrics of the run, without the requests whose URL contains one of `parts`. */
async function simulate(parts) {
  const dropped = new Set();
  for (const event of saved.devtoolsLog) {
    if (event.method === 'Network.requestWillBeSent' && parts.some((part) => event.params.request.url.includes(part))) dropped.add(event.params.requestId);
  }
  const data = {
    trace: saved.trace,
    devtoolsLog: saved.devtoolsLog.filter((event) => !dropped.has(event.params?.requestId)),
    gatherContext: saved.gatherContext,
    settings: saved.settings,
    URL: saved.url,
    SourceMaps: [],
    simulator: null,
  };
  const context = { computedCache: new Map() };
  return {
    dropped: dropped.size,
    fcp: await LanternFirstContentfulPaint.request(data, context),
    lcp: await LanternLargestContentfulPaint.request(data, context),
    tbt: await LanternTotalBlockingTime.request(data, context),
  };
}

const describe = (node) =>
  node.type === 'network'
    ? `request ${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${(node.request.transferSize / 1024).toFixed(1)} KB)`
    : `main thread ${(node.duration / 1000).toFixed(0)} ms as measured`;

/** From the node that ends last back through the dependency that ended last. */
function criticalPath(nodeTimings) {
  let last;
  for (const [node, timing] of nodeTimings) if (!last || timing.endTime > nodeTimings.get(last).endTime) last = node;
  const path = [];
  for (let node = last; node; ) {
    path.unshift(node);
    node = node.getDependencies().filter((dependency) => nodeTimings.has(dependency)).sort((a, b) => nodeTimings.get(b).endTime - nodeTimings.get(a).endTime)[0];
  }
  return path.map((node) => ({ start: nodeTimings.get(node).startTime, end: nodeTimings.get(node).endTime, what: describe(node) }));
}

const line = (result) => `FCP ${Math.round(result.fcp.timing)} ms, LCP ${Math.round(result.lcp.timing)} ms, TBT ${Math.round(result.tbt.timing)} ms`;
const base = await simulate([]);
console.log(`${saved.url.finalDisplayedUrl ?? file}: ${line(base)}`);
console.log('The largest paint\'s critical path (simulated ms):');
for (const step of criticalPath(base.lcp.pessimisticEstimate.nodeTimings)) console.log(`${String(Math.round(step.start)).padStart(7)} ${String(Math.round(step.end)).padStart(7)}  ${step.what}`);
if (removed.length > 0) {
  const without = await simulate(removed);
  console.log(`Without ${removed.join(', ')} (${without.dropped} requests): ${line(without)}`);
}
