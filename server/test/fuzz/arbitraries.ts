import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries read off the shared zod schemas (through zod's own JSON Schema export), so
 * a new route or field is fuzzed without a new test. `plausible` follows the schema's shape (types,
 * bounds, enums, patterns) and so is often valid; `hostile` is whatever a careless or malicious
 * client sends instead: wrong types, huge strings, control characters, odd unicode, deep nesting.
 * Whether a generated input is valid is never guessed here: the suite asks the zod schema itself.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** The JSON Schema of a zod schema's input, or null when it is not a zod schema. */
export function toJsonSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const CONTROL_CHARS = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u000b'];

/** Strings that have broken servers before: control characters, odd unicode, injection bait. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%00',
    '-'.repeat(36),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-fffffffffffg',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '${7*7}',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9'.repeat(40),
    '\uD800',
    '\uFFFF',
    '\u202Eevil',
    'नमस्ते 👋🏽',
    'e\u0301\u0301\u0301',
    'null',
    'true',
    '[]',
    '{}',
  ),
  fc
    .tuple(fc.string(), fc.constantFrom(...CONTROL_CHARS), fc.string())
    .map(([a, c, b]) => a + c + b),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A JSON value of any type, a few levels deep. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    nastyNumber,
    nastyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Hostile values: what a client sends in place of the value the schema wants. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [[[[[[[[[[[]]]]]]]]]]]),
  fc.array(nastyString, { minLength: 1, maxLength: 3 }),
  anyJson,
);

/** Values that follow the JSON Schema (types, bounds, enums, patterns): often valid. */
export function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => plausible(s, depth + 1)));
  if (schema.allOf?.length) return plausible(schema.allOf[0], depth + 1);
  const types = [schema.type ?? []].flat();
  if (types.length > 1)
    return fc.oneof(...types.map((t) => plausible({ ...schema, type: t }, depth)));
  switch (types[0]) {
    case 'string':
      return plausibleString(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1000) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000) - 1;
      const lo = Math.max(min, -1_000_000);
      const hi = Math.min(max, lo + 1_000_000);
      return types[0] === 'integer'
        ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
        : fc.double({ min: lo, max: hi, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
      });
    case 'object':
      return plausibleObject(schema, depth);
    default:
      return anyJson;
  }
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return (
        fc
          .stringMatching(new RegExp(schema.pattern))
          // Never a filter: a pattern whose matches rarely fit the bounds would draw forever.
          // Out of bounds, the string is cut or padded (and is then often invalid, which is fine).
          .map((s) => s.slice(0, schema.maxLength ?? s.length).padEnd(minLength, s.at(-1) ?? 'a'))
      );
    } catch {
      // a pattern fast-check cannot read: fall through to plain strings
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
  );
}

function plausibleObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = Object.fromEntries(props.map(([k, s]) => [k, plausible(s, depth + 1)]));
  return fc.record(fields, { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) });
}

/**
 * An object of the schema's shape with some fields broken: each field kept plausible, made
 * hostile, or left out; sometimes with unknown keys and prototype-pollution keys added.
 */
export function mutatedObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const field = (s: JsonSchema) =>
    fc.oneof(
      { arbitrary: plausible(s), weight: 3 },
      { arbitrary: hostile, weight: 2 },
      { arbitrary: fc.constant(MISSING), weight: 1 },
    );
  return fc
    .tuple(
      fc.tuple(...props.map(([, s]) => field(s))),
      fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 3 }),
    )
    .map(([values, extra]) => {
      const out: Record<string, unknown> = { ...extra };
      props.forEach(([k], i) => {
        if (values[i] !== MISSING) out[k] = values[i];
        else delete out[k];
      });
      return out;
    });
}

const MISSING = Symbol('missing');
