import fc from 'fast-check';
import type { JsonSchema } from './openapi.ts';
import type { Random } from './random.ts';

/**
 * Values of the signed-in fuzz user's own world, by property or path parameter name
 * (organisationId, product_id, ...): a valid request names things that exist, so that it reaches
 * the code behind the validation, not only the 404.
 */
export type KnownValues = ReadonlyMap<string, readonly unknown[]>;

export interface ValueContext {
  random: Random;
  resolve: (schema: JsonSchema) => JsonSchema;
  known: KnownValues;
}

const sampleDates = ['1990-03-07', '1988-02-29', '2001-12-31'];

/** A value the schema accepts (as far as the schema says: the server may still refuse it, e.g. a date in the future). */
export function validValue(context: ValueContext, raw: JsonSchema, name?: string, depth = 0): unknown {
  const { random } = context;
  const schema = context.resolve(raw);
  if (name !== undefined) {
    const known = context.known.get(name);
    if (known && known.length > 0 && random.chance(0.85)) return random.pick(known);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) {
    // null is one of a nullable field's alternatives; a value is more useful most of the time.
    const nonNull = alternatives.filter((alternative) => context.resolve(alternative).type !== 'null');
    const choice = nonNull.length > 0 && random.chance(0.85) ? random.pick(nonNull) : random.pick(alternatives);
    return validValue(context, choice, name, depth + 1);
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => validValue(context, part, name, depth + 1)));
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case 'string':
      return validString(context, schema, name);
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Math.max(low + 10, 10));
      const value = random.int(Math.ceil(low), Math.floor(Math.min(high, low + 1000)));
      return type === 'number' && random.chance(0.3) ? value + 0.5 > high ? value : value + 0.5 : value;
    }
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      const length = random.int(min, max);
      return Array.from({ length }, () => (schema.items ? validValue(context, schema.items, undefined, depth + 1) : random.hex(4)));
    }
    case 'object':
    case undefined: {
      const result: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.chance(0.6)) result[key] = validValue(context, property, key, depth + 1);
      }
      return result;
    }
    default:
      return null;
  }
}

function validString(context: ValueContext, schema: JsonSchema, name: string | undefined): string {
  const { random } = context;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min + 20, 20);
  if (schema.format === 'uuid') return random.uuid();
  if (schema.format === 'date') return random.pick(sampleDates);
  if (schema.pattern) {
    const matching = fc.sample(fc.stringMatching(new RegExp(schema.pattern), { maxLength: max }), { seed: random.int(0, 2 ** 31 - 1), numRuns: 5 });
    const fitting = matching.find((value) => value.length >= min && value.length <= max);
    if (fitting !== undefined) return fitting;
  }
  if (name !== undefined && /email/i.test(name)) return `fuzz-${random.hex(8)}@example.com`;
  const length = random.int(min, Math.min(max, min + 24));
  let text = '';
  while (text.length < length) text += random.pick(['a', 'B', 'c', '1', ' ', 'é', 'ß', 'x', 'Z', '-']);
  // Trimmed strings must still reach their minimum.
  return text.length > 0 ? `k${text.slice(1)}` : text;
}

/** Values of every JSON type, for swapping one in where another is expected. */
export function anyOtherTypeValue(random: Random, notLike: unknown): unknown {
  const candidates: unknown[] = [0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, true, false, null, '', '0', 'true', 'null', [], [1, 'two'], {}, { a: 1 }];
  const other = candidates.filter((value) => typeof value !== typeof notLike || Array.isArray(value) !== Array.isArray(notLike));
  return random.pick(other.length > 0 ? other : candidates);
}
