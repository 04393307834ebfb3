import fc from 'fast-check';
import { z } from 'zod';
import type { RouteInfo } from '../../app.ts';
import { hasControlCharacter } from '../../lib/text-input.ts';
import {
  anyJson,
  hostile,
  mutatedObject,
  plausible,
  toJsonSchema,
  type JsonSchema,
} from './arbitraries.ts';

/**
 * One generated HTTP request for one route, with the reason it is invalid (null when it may well
 * be valid: such requests are sent too, and must still never answer 5xx).
 */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  invalid: string | null;
}

/** Who sends a route's requests: a user its policy lets in, nobody, or a forged session. */
export type Identity = 'user' | 'none' | 'forged';

export interface RouteFuzzOptions {
  /** Real ids for path parameters, by parameter name, so some requests reach the handler. */
  realIds: Record<string, string[]>;
  /** The route takes a file (multipart): anything else is invalid. */
  multipart: boolean;
  /** Any path is a good path (the web app's fallback serves the app, whose router decides). */
  openPath?: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
type Part = 'identity' | 'params' | 'query' | 'body';

/** Which parts of a request to this route can be wrong (each generated request breaks one). */
export function breakableParts(route: RouteInfo, options: RouteFuzzOptions): Part[] {
  const parts: Part[] = [];
  if (!route.public && route.policy !== null) parts.push('identity');
  if (/[:*]/.test(route.url) && !options.openPath) parts.push('params');
  // A query schema without named fields accepts anything: nothing there to break.
  const query = toJsonSchema(route.schema.querystring);
  if (query && Object.keys(query.properties ?? {}).length > 0) parts.push('query');
  if (BODY_METHODS.has(route.method) && (route.schema.body || options.multipart))
    parts.push('body');
  return parts;
}

export function routeRequests(
  route: RouteInfo,
  options: RouteFuzzOptions,
): fc.Arbitrary<FuzzRequest> {
  const parts = breakableParts(route, options);
  const target = parts.length ? fc.constantFrom(...parts) : fc.constant(null);
  return target.chain((broken) =>
    fc
      .record({
        identity: identityArb(broken === 'identity'),
        path: pathArb(route, options, broken === 'params'),
        query: queryArb(route, broken === 'query'),
        body: bodyArb(route, options, broken === 'body'),
        junkHeaders: fc.dictionary(
          fc.constantFrom('accept', 'accept-language', 'x-forwarded-for', 'if-none-match', 'range'),
          fc.string({ maxLength: 30 }).filter((v) => /^[\x20-\x7e]*$/.test(v)),
          { maxKeys: 2 },
        ),
      })
      .map(({ identity, path, query, body, junkHeaders }) => {
        const reasons = [identity.invalid, path.invalid, query.invalid, body.invalid].filter(
          (r): r is string => r !== null,
        );
        return {
          method: route.method,
          url: path.url + (query.text ? `?${query.text}` : ''),
          headers: { ...junkHeaders, ...identity.headers, ...body.headers },
          payload: body.payload,
          invalid: reasons.length ? reasons.join('; ') : null,
        } satisfies FuzzRequest;
      }),
  );

  function identityArb(mustBreak: boolean): fc.Arbitrary<Part3> {
    const pick: fc.Arbitrary<Identity> = mustBreak
      ? fc.constantFrom<Identity>('none', 'forged')
      : fc.oneof(
          { arbitrary: fc.constant<Identity>('user'), weight: 8 },
          { arbitrary: fc.constantFrom<Identity>('none', 'forged'), weight: 2 },
        );
    const guarded = parts.includes('identity');
    return pick.chain((who): fc.Arbitrary<Part3> => {
      if (who === 'forged') {
        return fc
          .oneof(
            fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 64 }),
            fc.string({ maxLength: 80 }),
          )
          .map((v) => ({
            headers: { cookie: `sid=${safeEncode(v)}` },
            invalid: guarded ? 'forged session' : null,
          }));
      }
      return fc.constant<Part3>({
        headers: who === 'user' ? { 'x-fuzz-identity': 'user' } : {},
        invalid: who === 'none' && guarded ? 'no session' : null,
      });
    });
  }
}

interface Part3 {
  headers: Record<string, string>;
  invalid: string | null;
}

/** Path parameters: a real id, a value the params schema allows, or something hostile. */
function pathArb(route: RouteInfo, options: RouteFuzzOptions, mustBreak: boolean) {
  const names = [...route.url.matchAll(/:([A-Za-z]+)|\*/g)].map((m) => m[1] ?? '*');
  if (names.length === 0) return fc.constant({ url: route.url, invalid: null as string | null });
  if (options.openPath) {
    return hostileSegment.map((v) => ({
      url: route.url.replace('*', safeEncode(v, true)),
      invalid: null,
    }));
  }
  const paramsSchema = route.schema.params instanceof z.ZodType ? route.schema.params : null;
  const json = toJsonSchema(paramsSchema);
  const one = (name: string) => {
    const real = options.realIds[name] ?? [];
    const propSchema = json?.properties?.[name];
    const closed = Boolean(propSchema && (propSchema.enum || propSchema.type === 'integer'));
    const paramSchema =
      paramsSchema instanceof z.ZodObject
        ? (paramsSchema.shape as Record<string, z.ZodType | undefined>)[name]
        : undefined;
    const bad = fc
      .oneof(
        fc.uuid().map((v) => ({ v, kind: 'unknown id' })),
        // A hostile value the id's schema accepts (the all-zero uuid) is a well-formed id that
        // nobody has: unknown, not malformed.
        hostileSegment.map((v) => ({
          v,
          kind: paramSchema?.safeParse(v).success ? 'unknown id' : 'malformed id',
        })),
      )
      // A value the schema allows for a closed set (a step number) is not "unknown": zod decides.
      .map(({ v, kind }) => ({ v, kind: closed ? null : kind }));
    const good = [
      ...(real.length ? [fc.constantFrom(...real).map((v) => ({ v, kind: null }))] : []),
      ...(propSchema ? [plausible(propSchema).map((v) => ({ v: String(v), kind: null }))] : []),
    ];
    return mustBreak || good.length === 0 ? bad : fc.oneof(bad, ...good);
  };
  return fc.tuple(...names.map(one)).map((values) => {
    let i = 0;
    const url = route.url.replace(/:([A-Za-z]+)|\*/g, () => safeEncode(values[i++]!.v, true));
    const raw = Object.fromEntries(names.map((n, j) => [n, values[j]!.v]));
    // An unknown id in a DELETE is not an error: deleting what is not there is idempotent (204).
    const reasons = values
      .map((v) => (route.method === 'DELETE' && v.kind === 'unknown id' ? null : v.kind))
      .filter((k): k is string => k !== null);
    reasons.push(...schemaVerdict(paramsSchema, raw, 'params'));
    return { url, invalid: reasons.length ? reasons.join(', ') : null };
  });
}

const hostileSegment: fc.Arbitrary<string> = hostile
  .map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null')))
  .filter((v) => v.length > 0 && v.length < 5000);

/** A query string built from the query schema, with fields broken, missing or extra. */
function queryArb(route: RouteInfo, mustBreak: boolean) {
  const schema = route.schema.querystring instanceof z.ZodType ? route.schema.querystring : null;
  if (!schema) {
    return fc
      .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 2 })
      .map((junk) => ({ text: encodeQuery(asQuery(junk)), invalid: null as string | null }));
  }
  const json = toJsonSchema(schema) ?? {};
  const arb = mustBreak ? mutatedObject(json) : fc.oneof(mutatedObject(json), plausible(json));
  const judged = arb.map((value) => {
    const query = asQuery((value ?? {}) as Record<string, unknown>);
    const reasons = schemaVerdict(schema, query, 'query');
    return { text: encodeQuery(query), invalid: reasons.length ? reasons.join(', ') : null };
  });
  // A lenient query (one optional string) passes most mutations: keep drawing until one breaks it.
  return mustBreak ? judged.filter((q) => q.invalid !== null) : judged;
}

/** What Fastify's query parser makes of a value: strings, and arrays for repeated keys. */
function asQuery(value: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!k || !isWellFormed(k)) continue;
    const one = (x: unknown) => (typeof x === 'string' ? x : (JSON.stringify(x) ?? 'null'));
    const values = (
      Array.isArray(v) && v.length > 1 ? v.map(one) : [Array.isArray(v) ? one(v[0] ?? '') : one(v)]
    )
      .filter(isWellFormed)
      .filter((s) => s.length < 20_000);
    if (values.length === 0) continue;
    out[k] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

function encodeQuery(query: Record<string, string | string[]>): string {
  return Object.entries(query)
    .flatMap(([k, v]) => [v].flat().map((x) => `${safeEncode(k)}=${safeEncode(x)}`))
    .join('&');
}

/** The body: the schema's shape broken, another JSON value, broken JSON, a wrong content type. */
function bodyArb(route: RouteInfo, options: RouteFuzzOptions, mustBreak: boolean) {
  type Body = { payload?: string; headers: Record<string, string>; invalid: string | null };
  if (!BODY_METHODS.has(route.method)) return fc.constant<Body>({ headers: {}, invalid: null });
  const schema = route.schema.body instanceof z.ZodType ? route.schema.body : null;
  const json: JsonSchema = toJsonSchema(schema) ?? { type: 'object' };
  const expectsBody = Boolean(schema) || options.multipart;
  const judge = (value: unknown): string | null => {
    if (options.multipart) return 'not multipart';
    if (!schema) return null;
    return schemaVerdict(schema, value, 'body')[0] ?? null;
  };
  const asJson = (value: unknown): Body => {
    const payload = JSON.stringify(value) ?? 'null';
    return { payload, headers: { 'content-type': 'application/json' }, invalid: judge(value) };
  };
  const broken: fc.Arbitrary<Body>[] = [
    mutatedObject(json).map(asJson),
    hostile.map(asJson),
    fc
      .constantFrom('{', '{"a":', '[1,2', '{"a":1}}', "{'a':1}", 'undefined', '\u0000', '{"a":1,}')
      .map((payload) => ({
        payload,
        headers: { 'content-type': 'application/json' },
        invalid: 'malformed JSON',
      })),
    // Prototype pollution: the JSON parser refuses these keys outright.
    mutatedObject(json).map((value) => {
      const text = JSON.stringify(value);
      const payload =
        text === '{}'
          ? '{"__proto__":{"role":"admin"}}'
          : `{"__proto__":{"isAdmin":true},${text.slice(1)}`;
      return { payload, headers: { 'content-type': 'application/json' }, invalid: '__proto__ key' };
    }),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'image/png',
          'multipart/form-data',
        ),
        fc.string({ maxLength: 200 }),
      )
      .map(([type, payload]) => ({
        payload,
        headers: { 'content-type': type },
        invalid: 'wrong content type',
      })),
    fc.constant<Body>({
      payload: '',
      headers: { 'content-type': 'application/json' },
      invalid: 'empty JSON body',
    }),
  ];
  if (mustBreak || !expectsBody) {
    return fc.oneof(...broken).map((b) => (expectsBody ? b : { ...b, invalid: junkVerdict(b) }));
  }
  return fc.oneof(
    { arbitrary: fc.oneof(...broken), weight: 1 },
    { arbitrary: plausible(json).map(asJson), weight: 1 },
  );
}

/**
 * A route that takes no body still parses one: broken JSON, `__proto__` and an unknown content
 * type are refused before the route; a well-formed JSON value is simply ignored.
 */
function junkVerdict(body: {
  invalid: string | null;
  headers: Record<string, string>;
}): string | null {
  if (body.invalid === 'body refused by schema' || body.invalid === 'control character in body')
    return null;
  // Fastify reads text/plain itself; a route without a body schema then ignores it.
  if (body.invalid === 'wrong content type' && body.headers['content-type'] === 'text/plain')
    return null;
  return body.invalid;
}

/**
 * Why the route's schema, or the server's refusal of control characters in what the schema keeps
 * (unknown keys are dropped first), turns this input away; empty when it passes.
 */
function schemaVerdict(schema: z.ZodType | null, input: unknown, part: string): string[] {
  if (!schema) return hasControlCharacter(input) ? [`control character in ${part}`] : [];
  const parsed = schema.safeParse(input);
  if (!parsed.success) return [`${part} refused by schema`];
  return hasControlCharacter(parsed.data) ? [`control character in ${part}`] : [];
}

function isWellFormed(s: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

/** encodeURIComponent, with lone surrogates (which it cannot encode) replaced. */
function safeEncode(s: string, segment = false): string {
  const clean = isWellFormed(s) ? s : s.replace(/[\uD800-\uDFFF]/g, '\uFFFD');
  const encoded = encodeURIComponent(clean);
  // A path segment of "." or ".." would be resolved away by the URL parser, not sent.
  return segment && /^\.{1,2}$/.test(clean) ? encoded.replace(/\./g, '%2E') : encoded;
}

export { anyJson };
