import { anyOtherTypeValue, validValue, type ValueContext } from './schema-values.ts';
import type { JsonSchema, Operation } from './openapi.ts';
import type { Random } from './random.ts';

// One generated request: a valid one from the operation's schemas, or one of the mutations of
// issue 14's "Bad input" (wrong types, huge strings, unicode, NUL, nulls, extra fields, deep
// nesting, malformed JSON, wrong content type, odd path parameters and query strings).

export const mutations = [
  'valid',
  'wrong-type',
  'huge-string',
  'oversized-body',
  'unicode',
  'nul',
  'null',
  'extra-fields',
  'deep-nesting',
  'malformed-json',
  'wrong-content-type',
  'missing-required',
  'odd-path-param',
  'odd-query',
  'number-edge',
] as const;
export type Mutation = (typeof mutations)[number];

export type Identity = 'user' | 'anonymous';

export interface FuzzRequest {
  method: string;
  /** Path and query string, already encoded. */
  url: string;
  /** Sent as is (a string: malformed JSON is a string too); undefined sends no body. */
  body: string | undefined;
  contentType: string | undefined;
  mutation: Mutation;
  /** The request cannot be valid (malformed JSON, a wrong content type): a 2xx is a failure. */
  mustFail: boolean;
}

const unicodeSamples = [
  '👩🏽‍💻🇩🇪', 'Zoë Łukasiewicz-Ğül Παπαδοπούλου', 'مرحبا بالعالم', '\u202Egnp.exe', 'a\u0301\u0302\u0303\u0304', '\u200B\u200D\uFEFF',
  '\uD800', '\uDFFF', '\uFFFF\uFFFE', '𝕳𝖊𝖑𝖑𝖔', '<script>alert(1)</script>', "'; drop table users; --", '${7*7}{{7*7}}', '\\u0000', '%00%ff',
];
const oddPathValues = [
  '..', '%2e%2e', '%2F', 'a%2Fb', '%20', 'null', 'undefined', '0', '-1', '1e9', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%00', 'x%00y', '%ZZ', '%C0%AF', encodeURIComponent('ü✓'), 'a'.repeat(3000), '9'.repeat(40), "'", '%27%20or%201%3D1--', '__proto__', 'constructor', '%7B%7D',
];
const oddQueries = [
  '?page=1&page=2', '?page=abc', '?page=-1', '?page=1e400', '?per_page=100000000000000000000', '?__proto__[polluted]=1', '?constructor[prototype][x]=1',
  '?a[b][c][d][e][f]=1', '?%ZZ=1', '?q=%00', '?id=%00', `?q=${'x'.repeat(20_000)}`, '?&&&==&', '?page[]=1', '?to=%27%3B', '?id=..%2F..%2Fetc%2Fpasswd',
];

/** encodeURIComponent, but a lone surrogate (which it refuses) goes as the bytes of its invalid UTF-8 form: a bad URL to try too. */
function encodePart(value: string): string {
  return value.replace(/\p{Surrogate}|[^\p{Surrogate}]+/gu, (part) => (/\p{Surrogate}/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)));
}

interface Leaf {
  path: (string | number)[];
  value: unknown;
}

function leavesOf(value: unknown, path: (string | number)[] = [], out: Leaf[] = []): Leaf[] {
  if (Array.isArray(value)) value.forEach((item, index) => leavesOf(item, [...path, index], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) leavesOf(item, [...path, key], out);
  out.push({ path, value });
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const container = root as Record<string | number, unknown>;
  let cursor = container;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[path[path.length - 1]!] = value;
  return root;
}

function deepNested(random: Random, depth: number): unknown {
  // Built as text would overflow nothing here; JSON.stringify of a deep object would, so it is made as text below.
  return random.chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** The path with its parameters filled in (encoded), and the query string of the operation's query parameters. */
function validUrl(context: ValueContext, operation: Operation, pathOverrides: Record<string, string> = {}): { path: string; query: URLSearchParams } {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      const value = pathOverrides[parameter.name] ?? encodePart(String(validValue(context, parameter.schema, parameter.name)));
      path = path.replace(`{${parameter.name}}`, value);
    } else if (parameter.in === 'query' && (parameter.required || context.random.chance(0.6))) {
      query.set(parameter.name, String(validValue(context, parameter.schema, parameter.name)));
    }
  }
  return { path, query };
}

export function generateRequest(context: ValueContext, operation: Operation, mutation: Mutation): FuzzRequest {
  const { random } = context;
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const overrides: Record<string, string> = {};
  if (mutation === 'odd-path-param' && pathParameters.length > 0) overrides[random.pick(pathParameters).name] = random.pick(oddPathValues);
  if (mutation === 'huge-string' && pathParameters.length > 0 && random.chance(0.3)) overrides[random.pick(pathParameters).name] = 'x'.repeat(random.int(2_000, 60_000));
  if (mutation === 'nul' && pathParameters.length > 0 && random.chance(0.3)) overrides[random.pick(pathParameters).name] = `a%00${random.hex(4)}`;
  const { path, query } = validUrl(context, operation, overrides);
  let queryString = query.size > 0 ? `?${query.toString()}` : '';
  if (mutation === 'odd-query') queryString = random.pick(oddQueries);
  if (mutation === 'wrong-type' && queryParameters.length > 0 && random.chance(0.4)) queryString = `?${random.pick(queryParameters).name}=${random.pick(['abc', '1.5', '-0', 'true', '[]', '%7B%7D', ''])}`;
  if (mutation === 'nul' && queryParameters.length > 0 && random.chance(0.4)) queryString = `?${random.pick(queryParameters).name}=a%00b`;
  if (mutation === 'unicode' && queryParameters.length > 0 && random.chance(0.3)) queryString = `?${random.pick(queryParameters).name}=${encodePart(random.pick(unicodeSamples))}`;
  const url = path + queryString;

  // Bodies: the operation's schema, or none. A few mutations send one where none is expected.
  const schema: JsonSchema | undefined = operation.body;
  let value: unknown = schema ? validValue(context, schema) : undefined;
  let text: string | undefined;
  let contentType: string | undefined = schema ? 'application/json' : undefined;
  let mustFail = false;
  const leaves = value === undefined ? [] : leavesOf(value);
  const innerLeaves = leaves.filter((leaf) => leaf.path.length > 0);
  const stringLeaves = innerLeaves.filter((leaf) => typeof leaf.value === 'string');
  const pickLeaf = (from: Leaf[]): Leaf | undefined => (from.length > 0 ? random.pick(from) : undefined);

  switch (mutation) {
    case 'wrong-type': {
      const leaf = pickLeaf(innerLeaves) ?? { path: [], value };
      value = setAt(value, leaf.path, anyOtherTypeValue(random, leaf.value));
      if (value === undefined) value = anyOtherTypeValue(random, undefined);
      break;
    }
    case 'huge-string': {
      const huge = random.pick(['x', 'ü', '😀', 'a b ']).repeat(random.int(5_000, 150_000));
      const leaf = pickLeaf(stringLeaves) ?? pickLeaf(innerLeaves);
      value = leaf ? setAt(value, leaf.path, huge) : { text: huge };
      break;
    }
    case 'oversized-body':
      // Over Fastify's 1 MiB body limit: 413, read no further.
      text = JSON.stringify({ padding: 'x'.repeat(1_200_000 + random.int(0, 100_000)) });
      contentType = 'application/json';
      break;
    case 'unicode': {
      const leaf = pickLeaf(stringLeaves);
      if (leaf) value = setAt(value, leaf.path, random.chance(0.5) ? random.pick(unicodeSamples) : `${String(leaf.value)}${random.pick(unicodeSamples)}`);
      break;
    }
    case 'nul': {
      const leaf = pickLeaf(stringLeaves);
      if (leaf) value = setAt(value, leaf.path, random.pick(['\u0000', `${String(leaf.value)}\u0000`, `a\u0000b`, '\u0000'.repeat(50)]));
      break;
    }
    case 'null': {
      const leaf = pickLeaf(innerLeaves) ?? { path: [], value };
      value = setAt(value, leaf.path, null);
      if (value === undefined) value = null;
      break;
    }
    case 'extra-fields': {
      const extra = { [`extra_${random.hex(4)}`]: random.pick([1, 'two', null, [], { nested: true }]), id: random.uuid(), user_id: random.uuid(), role: 'owner', is_admin: true };
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(value, extra);
      else value = extra;
      // Prototype pollution attempts go in as text (an object literal's __proto__ would set the prototype instead).
      text = JSON.stringify(value).replace(/^\{/, '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},');
      contentType = 'application/json';
      break;
    }
    case 'deep-nesting': {
      const depth = random.pick([64, 1_000, 20_000]);
      const leaf = pickLeaf(innerLeaves);
      const marker = `__deep_${random.hex(6)}__`;
      const withMarker = leaf ? setAt(value, leaf.path, marker) : marker;
      text = JSON.stringify(withMarker).replace(`"${marker}"`, String(deepNested(random, depth)));
      contentType = 'application/json';
      break;
    }
    case 'malformed-json':
      text = random.pick(['{', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'nul', '{"a":"\\x"}', '{"a":1}{"b":2}', '\u0000', '{"a":NaN}', '{"a":Infinity}', '"unterminated']);
      contentType = 'application/json';
      mustFail = operation.body !== undefined;
      break;
    case 'wrong-content-type':
      text = random.pick(['a=1&b=2', '<xml/>', JSON.stringify(value ?? {}), '--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--boundary--']);
      contentType = random.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=boundary', 'application/octet-stream', 'text/html']);
      // Only an operation that reads a body must refuse one it cannot read; the others may ignore it.
      mustFail = operation.body !== undefined;
      break;
    case 'missing-required': {
      const objects = leaves.filter((leaf) => leaf.value !== null && typeof leaf.value === 'object' && !Array.isArray(leaf.value) && Object.keys(leaf.value).length > 0);
      const target = pickLeaf(objects);
      if (target) delete (target.value as Record<string, unknown>)[random.pick(Object.keys(target.value as object))];
      break;
    }
    case 'number-edge': {
      const numbers = innerLeaves.filter((leaf) => typeof leaf.value === 'number');
      const leaf = pickLeaf(numbers) ?? pickLeaf(innerLeaves);
      const marker = `__number_${random.hex(6)}__`;
      if (leaf) {
        value = setAt(value, leaf.path, marker);
        text = JSON.stringify(value).replace(`"${marker}"`, random.pick(['1e400', '-1e400', '-0', '9007199254740993', '1.0000000000000002', '1e-400', '0.1', '-2147483649', '2147483648', '99999999999999999999999']));
        contentType = 'application/json';
      }
      break;
    }
    default:
      break;
  }
  if (text === undefined && value !== undefined) text = JSON.stringify(value);
  return { method: operation.method, url, body: text, contentType, mutation, mustFail };
}
