import fc from 'fast-check';
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import { routes, type RouteDefinition } from '../../shared/routes';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

/** Cases per route; CI runs the default. `FUZZ_RUNS` raises it for a deeper local run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
/** A fixed seed per run keeps failures reproducible; `FUZZ_SEED` replays a reported one. */
const SEED = Number(process.env.FUZZ_SEED ?? 7);

/** Every item of this file's table, sorted, as one comparable string (consistent read). */
async function snapshot(): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items.map((item) => JSON.stringify(item, Object.keys(item).sort())).sort().join('\n');
}

/**
 * Deletes what a route's successful cases created (anything not in `baseline`), so every route
 * starts from the seeded table and the before/after scans stay small.
 */
async function resetTo(baseline: Set<string>): Promise<void> {
  const extra: { pk: string; sk: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(new ScanCommand({ TableName: tableName(), ProjectionExpression: 'pk, sk', ExclusiveStartKey: start }));
    for (const item of out.Items ?? []) if (!baseline.has(`${item.pk}|${item.sk}`)) extra.push({ pk: item.pk as string, sk: item.sk as string });
    start = out.LastEvaluatedKey;
  } while (start);
  for (let i = 0; i < extra.length; i += 25) {
    await documentClient().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: extra.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) } }),
    );
  }
}

async function itemKeys(): Promise<Set<string>> {
  const out = await documentClient().send(new ScanCommand({ TableName: tableName(), ProjectionExpression: 'pk, sk' }));
  return new Set((out.Items ?? []).map((item) => `${item.pk}|${item.sk}`));
}

interface Seeds {
  keyA: string;
  keyB: string;
  /** Identifiers, emails and ids that exist in the other organization (B) and in A. */
  foreign: string[];
  own: string[];
}

/** Field names of every request schema of the API, plus prototype-pollution keys and noise. */
const FIELD_NAMES = [
  'identifier', 'type', 'properties', 'deviceMetadata', 'devices', 'email', 'name', 'phone', 'address', 'serviceCustomerId',
  'telemetronCustomerId', 'deviceIdentifier', 'customerEmails', 'autoCreateDevice', 'deviceType', 'customerEmail',
  'deviceIdentifiers', 'autoCreateDevices', 'title', 'description', 'priority', 'customerId', 'category', 'messages',
  'timestamp', 'temperature', 'role', 'content', '__proto__', 'constructor', 'prototype', 'toString', '',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const multiByte = fc.constantFrom('é', 'ß', '漢', '字', '😀', '𝄞', 'İ', 'Ⱥ', '\u0000', '\u202e');

/** Strings: short ASCII and unicode, lone surrogates mixed in, long runs of multi-byte characters, well-known values. */
function text(seeds: Seeds): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.tuple(fc.string({ maxLength: 5 }), loneSurrogate, fc.string({ maxLength: 5 })).map(([a, s, b]) => a + s + b),
    fc.tuple(multiByte, fc.integer({ min: 60, max: 1200 })).map(([c, n]) => c.repeat(n)),
    fc.integer({ min: 250, max: 1100 }).map((n) => 'x'.repeat(n)),
    fc.constantFrom('a@b.co', 'fz@example.com', 'FZ-1', 'low', 'urgent', 'customer', ' ', 'null', '00000000-0000-4000-8000-000000000000'),
    fc.constantFrom(...seeds.own, ...seeds.foreign),
    fc.tuple(fc.constantFrom('é', '漢', '😀'), fc.integer({ min: 100, max: 400 })).map(([c, n]) => `${c.repeat(n)}@example.com`),
  );
}

/**
 * Deeply nested arrays or objects (far past the metadata depth limit). Kept as a marker and
 * written out as text by {@link toJson}: building and serialising the real value would overflow
 * this test's own stack.
 */
class Deep {
  constructor(
    readonly levels: number,
    readonly arrays: boolean,
  ) {}
  toString() {
    return `Deep(${this.levels}, ${this.arrays ? 'arrays' : 'objects'})`;
  }
}
const deep = fc.tuple(fc.integer({ min: 30, max: 6000 }), fc.boolean()).map(([levels, arrays]) => new Deep(levels, arrays));

/** A very wide array (issue 23 #7: 300k elements once threw RangeError, a 500 on every route), written out as text. */
const wideArray = fc.constantFrom(150_000, 300_000).map((n) => `[${'1,'.repeat(n - 1)}1]`);

/** JSON text of a generated value; `Deep` markers become their nesting. */
function toJson(value: unknown): string {
  if (value instanceof Deep) {
    return value.arrays ? `${'['.repeat(value.levels)}1${']'.repeat(value.levels)}` : `${'{"k":'.repeat(value.levels)}1${'}'.repeat(value.levels)}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Arrays at and just past the limits of the API (100 emails, 500 identifiers, 100 messages, 1000 devices). */
const limitArray = fc
  .tuple(fc.constantFrom(99, 100, 101, 499, 500, 501), fc.constantFrom('id', 'email', 'message'))
  .map(([n, kind]) =>
    Array.from({ length: n }, (_, i) =>
      kind === 'id' ? `FZL-${i}` : kind === 'email' ? `fzl-${i}@example.com` : { role: 'customer', content: `m${i}` },
    ),
  );
const limitRecord = fc.constantFrom(999, 1000, 1001).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`FZD-${i}`, {}])));

function jsonValue(seeds: Seeds): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text(seeds),
      fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), text(seeds)), tie('value'), { maxKeys: 4 }),
      deep,
      limitArray,
      limitRecord,
    ),
  }));
  return value;
}

/**
 * Bodies close to valid for every endpoint at once: each API field, when present, gets a value of
 * its right type most of the time (hostile text inside), so requests get past the first checks
 * and reach services, keys and transactions.
 */
function plausible(seeds: Seeds): fc.Arbitrary<Record<string, unknown>> {
  const t = text(seeds);
  const or = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, jsonValue(seeds));
  // Mostly valid values, so most requests pass validation and reach services, keys and transactions.
  const valid = <T>(good: fc.Arbitrary<T>, typed: fc.Arbitrary<unknown>) => fc.oneof({ weight: 6, arbitrary: good }, { weight: 3, arbitrary: typed }, jsonValue(seeds));
  const id = fc.oneof(fc.constantFrom('FZ-1', 'B-DEV-1', ' FZ-1 '), fc.nat(20).map((n) => `FZ-GEN-${n}`), fc.constantFrom('漢'.repeat(113), '😀#%', 'a/b?c'));
  const email = fc.oneof(fc.constantFrom('fz@example.com', 'FZ@Example.com ', 'b@example.com'), fc.nat(20).map((n) => `gen-${n}@example.com`), fc.constant(`${'é'.repeat(120)}@example.com`));
  const ids = fc.array(id, { minLength: 1, maxLength: 5 });
  const metadata = fc.oneof(fc.dictionary(t, fc.oneof(t, fc.integer()), { maxKeys: 3 }), deep);
  return fc.record(
    {
      identifier: valid(id, t),
      type: valid(fc.constantFrom('sensor', 'gateway'), t),
      properties: or(metadata),
      devices: or(fc.oneof(fc.dictionary(t, metadata, { minKeys: 1, maxKeys: 4 }), limitRecord)),
      email: valid(email, t),
      name: or(t),
      serviceCustomerId: or(t),
      deviceIdentifier: valid(id, t),
      customerEmails: valid(fc.array(email, { minLength: 1, maxLength: 4 }), fc.oneof(fc.array(t, { minLength: 1, maxLength: 4 }), limitArray)),
      autoCreateDevice: valid(fc.constant(true), fc.boolean()),
      autoCreateDevices: valid(fc.constant(true), fc.boolean()),
      deviceType: valid(fc.constant('sensor'), t),
      customerEmail: valid(email, t),
      deviceIdentifiers: valid(ids, fc.oneof(fc.array(t, { minLength: 1, maxLength: 4 }), limitArray)),
      title: valid(fc.constantFrom('Fuzzed ticket', ' Offline '), t),
      description: or(t),
      priority: or(fc.constantFrom('low', 'HIGH', 'urgent', 'none')),
      customerId: or(t),
      category: or(t),
      messages: or(fc.array(fc.record({ role: fc.constantFrom('customer', 'agent', 'bot', 'x'), content: t }), { maxLength: 3 })),
      temperature: or(fc.double()),
    },
    { requiredKeys: ['identifier', 'type', 'email', 'deviceIdentifier', 'customerEmails', 'customerEmail', 'deviceIdentifiers', 'title'] },
  );
}

/** A body: an object of API field names (and noise) to any JSON, sometimes raw non-JSON or a non-object. */
function body(seeds: Seeds): fc.Arbitrary<string | undefined> {
  const object = fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), text(seeds)), jsonValue(seeds), { maxKeys: 6 });
  return fc.oneof(
    { weight: 8, arbitrary: plausible(seeds).map(toJson) },
    { weight: 4, arbitrary: object.map(toJson) },
    // A `__proto__` key only survives as raw JSON text (JSON.parse makes it an own property).
    { weight: 1, arbitrary: jsonValue(seeds).map((v) => `{"__proto__":${toJson(v)},"constructor":{"prototype":{"x":1}}}`) },
    { weight: 1, arbitrary: jsonValue(seeds).map(toJson) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...FIELD_NAMES), wideArray).map(([k, wide]) => `{${JSON.stringify(k)}:${wide}}`) },
    { weight: 1, arbitrary: fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constant(undefined)) },
  );
}

/** Path parameter values: anything, percent-encoded, plus raw malformed escapes and the other org's ids. */
function pathParam(seeds: Seeds): fc.Arbitrary<string> {
  return fc.oneof(
    text(seeds).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x'))),
    fc.constantFrom('%E0%A4%A', '%ED%A0%80', '%00', '..', '%2F', '%25', ' ', '%20'),
    fc.constantFrom(...seeds.foreign, ...seeds.own).map(encodeURIComponent),
  );
}

/** Headers: the key of A mostly (so validation and handlers run), else none, a wrong one or B's; odd extras. */
function headers(seeds: Seeds): fc.Arbitrary<Record<string, string>> {
  // Every byte a header value may carry (fetch refuses DEL and control characters before sending).
  const latin1 = fc.string({ unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((c) => String.fromCharCode(c)), maxLength: 40 });
  return fc.record(
    {
      'x-api-key': fc.oneof({ weight: 12, arbitrary: fc.constant(seeds.keyA) }, fc.constant(seeds.keyB), fc.constant('fdk_wrong'), latin1),
      'content-type': fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1', ''),
      'idempotency-key': fc.oneof(latin1, fc.uuid()),
      'x-extra': latin1,
    },
    { requiredKeys: ['x-api-key'] },
  );
}

/** A request to a `page` route: any 2xx body (HTML, CSS, JS) is accepted, an error must be JSON. */
async function pageCall(method: RouteDefinition['method'], path: string, headers: Record<string, string>) {
  const res = await api.raw(method, path, { headers });
  if (res.status >= 200 && res.status <= 299) return { status: res.status, body: {} as Record<string, unknown> };
  try {
    return { status: res.status, body: JSON.parse(res.text) as Record<string, unknown> };
  } catch {
    throw new Error(`Non-JSON error ${res.status} for ${method} ${path}: ${res.text.slice(0, 200)}`);
  }
}

function fillPath(route: RouteDefinition, values: string[]): string {
  let i = 0;
  return route.path.replace(/\{\w+\}/g, () => values[i++] ?? 'x');
}

describe('fuzz: every route of the route table, hostile input', () => {
  let seeds: Seeds;
  let baseline: Set<string>;
  afterEach(async () => resetTo(baseline));
  beforeAll(async () => {
    const a = await newOrg('Fuzz A');
    const b = await newOrg('Fuzz B');
    const own: string[] = ['FZ-1', 'fz@example.com'];
    const foreign: string[] = ['B-DEV-1', 'b@example.com'];
    await api.post('/device', a.apiKey, { identifier: 'FZ-1', type: 'sensor', properties: { fw: '1' } });
    const linkA = await api.post('/deviceAssignment/assignDeviceToOwners', a.apiKey, { deviceIdentifier: 'FZ-1', customerEmails: ['fz@example.com'] });
    own.push(String(linkA.body.assignedCustomers && (linkA.body.assignedCustomers as { customerId: string }[])[0]?.customerId));
    const ticketA = await api.post('/ticket/createTicket', a.apiKey, { title: 'Fuzz', customerEmail: 'fz@example.com' });
    own.push(String(ticketA.body.ticketId));
    await api.post('/device', b.apiKey, { identifier: 'B-DEV-1', type: 'sensor' });
    const linkB = await api.post('/deviceAssignment/assignDeviceToOwners', b.apiKey, { deviceIdentifier: 'B-DEV-1', customerEmails: ['b@example.com'] });
    foreign.push(String((linkB.body.assignedCustomers as { customerId: string }[])[0]?.customerId));
    const ticketB = await api.post('/ticket/createTicket', b.apiKey, { title: 'Other org', customerEmail: 'b@example.com' });
    foreign.push(String(ticketB.body.ticketId));
    seeds = { keyA: a.apiKey, keyB: b.apiKey, own, foreign };
    baseline = await itemKeys();
  });

  it('covers every route of the table', () => {
    expect(routes.length).toBeGreaterThanOrEqual(13);
  });

  // Routes are read from the table at run time, so routes added later are fuzzed without edits here.
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: no 5xx, a JSON error on every non-2xx, a rejected request changes nothing',
    async (_name, route) => {
      const params = (route.path.match(/\{\w+\}/g) ?? []).length;
      const started = Date.now();
      const statuses: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(fc.array(pathParam(seeds), { minLength: params, maxLength: params }), body(seeds), headers(seeds), async (values, raw, hdrs) => {
          const before = await snapshot();
          const path = fillPath(route, values);
          // `call` fails on any non-JSON answer, so every response is checked to be JSON; `page`
          // routes (HTML, CSS, JS for browsers) are JSON only on errors.
          const res = await (route.kind === 'page' ? pageCall(route.method, path, hdrs) : api.call(route.method, path, { headers: hdrs, body: route.method === 'GET' ? undefined : raw }))
            .catch((e: Error & { cause?: Error }) => {
              throw new Error(`${e.message}: ${e.cause?.message ?? ''}`);
            });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          expect(res.status).toBeLessThan(500);
          if (res.status < 200 || res.status > 299) {
            // The MCP endpoint answers JSON-RPC errors (`error: { code, message }`) except its 401s (route kind `mcp`).
            const error = res.body.error as unknown;
            if (route.kind === 'mcp' && typeof error === 'object' && error !== null) {
              expect(typeof (error as { code?: unknown }).code).toBe('number');
              expect(typeof (error as { message?: unknown }).message).toBe('string');
            } else {
              expect(typeof error).toBe('string');
            }
            expect(await snapshot()).toBe(before);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      console.log(`fuzz ${route.method} ${route.path}: ${RUNS} cases in ${Date.now() - started} ms, statuses ${JSON.stringify(statuses)}`);
    },
    600_000,
  );
});
