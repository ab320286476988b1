// Issue 3: offline birth-place search. Builds the index in this process, then runs 10,000
// prefix queries of 1 to 6 letters as people type them, through the service and through the
// route (validation and serialisation included). Target: p99 < 20 ms.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

// Heap figures need a collection before each reading.
if (typeof globalThis.gc !== 'function') {
  execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(0);
}

const queryCount = 10_000;
const limit = 10;
const heapMb = () => {
  globalThis.gc();
  return process.memoryUsage().heapUsed / 1e6;
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const service = await tsImport('../apps/server/src/modules/geo/service.ts', import.meta.url);

const heapBefore = heapMb();
const buildStart = performance.now();
const index = service.getLocationIndex();
const buildWallMs = performance.now() - buildStart;
const heapAfter = heapMb();
console.log(
  `index: ${index.places} places (${index.datasetPlaces} in the dataset), ${index.keys.length} name keys, ${index.aliases.size} alternate names; ` +
    `build ${buildWallMs.toFixed(0)} ms (reading the dataset ${(buildWallMs - index.buildMs).toFixed(0)} ms, indexing ${index.buildMs.toFixed(0)} ms); ` +
    `heap +${(heapAfter - heapBefore).toFixed(1)} MB`,
);

// Deterministic pseudo-random numbers, so every run asks the same queries.
let seed = 20_240_601;
const random = () => {
  seed = (seed * 16_807) % 2_147_483_647;
  return seed / 2_147_483_647;
};

// What people type: the start of real place names, mostly of bigger places (more people are born
// there), sometimes of any place, with the accents as written or without, plus fixed favourites.
const byPopulation = Array.from(index.population.keys()).sort((a, b) => index.population[b] - index.population[a]);
const common = ['s', 'sa', 'lon', 'zur', 'zür', 'new y', 'sao p', 'são', 'ber', 'par', 'mün', 'muen', 'wien', 'kr', 'ło', 'ist'];
const queries = [];
while (queries.length < queryCount) {
  const draw = random();
  if (draw < 0.2) {
    queries.push(common[Math.floor(random() * common.length)]);
    continue;
  }
  const place = draw < 0.8 ? byPopulation[Math.floor(random() ** 2 * 20_000)] : Math.floor(random() * index.datasetPlaces);
  const name = index.names[place];
  const typed = random() < 0.5 ? name : name.normalize('NFD').replace(/\p{M}/gu, '');
  const length = 1 + Math.floor(random() * 6);
  const prefix = typed.slice(0, length);
  queries.push(random() < 0.7 ? prefix.toLowerCase() : prefix);
}

function report(label, timings) {
  const sorted = Float64Array.from(timings).sort();
  const totalMs = timings.reduce((sum, ms) => sum + ms, 0);
  const p99 = percentile(sorted, 99);
  console.log(
    `${label}: ${timings.length} queries, p50 ${percentile(sorted, 50).toFixed(3)} ms, p99 ${p99.toFixed(3)} ms, ` +
      `max ${sorted[sorted.length - 1].toFixed(3)} ms, ${((timings.length / totalMs) * 1000).toFixed(0)} queries/s ` +
      `(target p99 < 20 ms): ${p99 < 20 ? 'PASS' : 'FAIL'}`,
  );
}

const serviceTimings = [];
let results = 0;
for (const query of queries) {
  const start = performance.now();
  results += service.searchLocations(query, limit).length;
  serviceTimings.push(performance.now() - start);
}
report('searchLocations', serviceTimings);
console.log(`  ${(results / queries.length).toFixed(1)} results per query on average (limit ${limit}); heap after the queries ${heapMb().toFixed(1)} MB`);

// The same queries through the route, as the app serves them (the route refuses 1-letter queries).
const [{ default: Fastify }, zodProvider, { errorsPlugin }, { geoRoutes }] = await Promise.all([
  import('fastify'),
  import('fastify-type-provider-zod'),
  tsImport('../apps/server/src/plugins/errors.ts', import.meta.url),
  tsImport('../apps/server/src/modules/geo/routes.ts', import.meta.url),
]);
const app = Fastify();
app.setValidatorCompiler(zodProvider.validatorCompiler);
app.setSerializerCompiler(zodProvider.serializerCompiler);
app.register(errorsPlugin);
app.register(geoRoutes);
await app.ready();
// The first request compiles the route's validator and serializer: not what a user waits for.
await app.inject({ method: 'GET', url: '/api/locations', query: { q: 'zu' } });
// Heap is not reported from here: light-my-request keeps about 10 kB per inject (a real HTTP
// server does not), which would be charged to the index.
const routeTimings = [];
for (const query of queries) {
  const q = query.trim().length >= 2 ? query : `${query}a`;
  const start = performance.now();
  const response = await app.inject({ method: 'GET', url: '/api/locations', query: { q, limit: String(limit) } });
  routeTimings.push(performance.now() - start);
  if (response.statusCode !== 200) throw new Error(`GET /api/locations?q=${q}: ${response.statusCode} ${response.body}`);
}
await app.close();
report('GET /api/locations (inject)', routeTimings);
