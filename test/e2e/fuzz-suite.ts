import fc from 'fast-check';
import { BatchWriteCommand, DeleteCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import { routes, type RouteDefinition } from '../../shared/routes';
import { createImport } from '../../shared/domain/backfill/backfill.repository';
import { setConnector } from '../../shared/domain/connector/connector.service';
import { addCategory, appendRoutingRule } from '../../shared/domain/ticket-config/ticket-config.service';
import { setChatWebhookUrl } from '../../shared/domain/ticket-config/ticket-config.repository';
import { readRuleList, writeRuleList } from '../../shared/domain/ticket-config/routing-rules.repository';
import { queryPartition } from '../../shared/db/operations';
import * as keys from '../../shared/db/key-builders';
import { addUser, issueSignInLink, signIn } from '../../shared/domain/user/user.service';
import { addMapping } from '../../shared/domain/backfill/backfill.service';
import { addThresholdRule, listThresholdRules, removeThresholdRule } from '../../shared/domain/anomaly/anomaly.service';
import { setDeliveryQueueForTests } from '../../shared/domain/webhook/delivery';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

// This is the local stack: webhook receivers on 127.0.0.1 are allowed (the valid webhook requests use one).
process.env.WEBHOOK_ALLOW_LOCAL_HTTP = 'true';
// A retry of the one real delivery attempt (below) would change the table in the middle of other cases.
process.env.WEBHOOK_RETRY_SCALE = '1000';

/**
 * Cases per route; CI runs the default. `FUZZ_RUNS` raises it for a deeper local run (300 was the
 * default while there were 55 routes; with the console's 55 more, 60 keeps `.ci/run` under its
 * 15 minutes: every case scans the whole table after its request, and before it unless the case
 * before was rejected, see `unchanged` below).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** The local API of the test file running the suite (set by {@link fuzzRoutes}). */
let api: ReturnType<typeof useLocalApi>;
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
  orgA: string;
  orgB: string;
  /** Values only organization A has (its generated ids, its key): never in an answer to B. */
  secretsA: string[];
  /** Values only organization B has: never in an answer to A, unless the request itself carried them. */
  secretsB: string[];
  /** A console session of an admin of A (Authorization: Bearer). */
  sessionA: string;
  /** A console session of an admin of a third organization, whose key the regenerate request may change. */
  sessionC: string;
  /** A fresh session of a user of A kept for sign-out (each sign-out ends that user's sessions). */
  newSignOutSession: () => Promise<string>;
  /** A's tickets that take the valid messages (a ticket holds at most 100). */
  ticketPool: string[];
  /** A webhook of A (with one delivery) for the per-webhook routes. */
  webhookId: string;
  deliveryId: string;
  /** Deletes the webhooks the cases created (the 10-webhook limit needs room). */
  reset: () => Promise<void>;
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

/** A request that the route must accept (2xx) for organization A, whatever `n` and `t` are. */
interface ValidCase {
  params: string[];
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Runs before the case's "before" scan: creates what the request needs (a link to remove, ...),
   * and may give the path parameters or headers that only exist once it ran.
   */
  prepare?: () => Promise<void | { params?: string[]; headers?: Record<string, string> }>;
}
type ValidSeed = (seeds: Seeds, n: number, t: string) => ValidCase;
/** Unique per case (fast-check repeats small numbers often): creating seeds never collide with an earlier case. */
let serial = 0;
const unique = (n: number) => `${n}-${(serial += 1)}`;

const asAgent = (s: Seeds) => bearer(s.sessionA);
const MCP_ACCEPT = { accept: 'application/json, text/event-stream' };
const bearer = (session: string) => ({ authorization: `Bearer ${session}` });
/** A webhook receiver nobody listens on: deliveries fail, which is all these cases need. */
const RECEIVER = 'http://127.0.0.1:9/fuzz-hook';
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];
/** An import of organization A's written directly (no S3 in this file), so its read route has something to read. */
const IMPORT_ID = 'f'.repeat(32);

/**
 * Route-specific valid requests, one per route id: the fuzz mixes them in so every route's success
 * path runs too (and its 2xx answers are checked for foreign data). `n` makes each case distinct,
 * `t` is well-formed free text (any script) for fields that take any text.
 */
const VALID: Partial<Record<string, ValidSeed>> = {
  UpsertDevice: (_s, n, t) => ({ params: [], body: { identifier: `FZ-V-${n}`, type: 'sensor', properties: { note: t } } }),
  PutDeviceConnection: () => ({ params: ['FZ-1'], body: { provider: 'memfault' } }),
  DeleteDeviceConnection: () => ({ params: ['FZ-1'] }),
  BulkDeviceMetadata: (_s, _n, t) => ({ params: [], body: { devices: { 'FZ-1': { note: t } } } }),
  GetDevice: () => ({ params: ['FZ-1'] }),
  CreateOrUpdateCustomer: (_s, n, t) => ({ params: [], body: { email: `valid-${unique(n)}@example.com`, name: t || 'x' } }),
  QueryCustomer: () => ({ params: [], body: { email: ' FZ@example.com ' } }),
  GetCustomer: (s) => ({ params: [s.own[2] as string] }),
  AssignDeviceToOwners: (_s, n) => ({ params: [], body: { deviceIdentifier: 'FZ-1', customerEmails: [`owner-${n}@example.com`] } }),
  AssignDevicesToOwner: (_s, n) => ({ params: [], body: { customerEmail: 'fz@example.com', deviceIdentifiers: [`FZ-A-${n}`], autoCreateDevices: true, deviceType: 'sensor' } }),
  UnassignDeviceFromOwner: (s, n) => ({
    params: [],
    body: { deviceIdentifier: 'FZ-1', customerEmail: `gone-${n}@example.com` },
    prepare: async () => void (await api.post('/deviceAssignment/assignDeviceToOwners', s.keyA, { deviceIdentifier: 'FZ-1', customerEmails: [`gone-${n}@example.com`] })),
  }),
  UnassignDevicesFromOwner: (s, n) => ({
    params: [],
    body: { customerEmail: `gone-${n}@example.com`, deviceIdentifiers: ['FZ-1'] },
    prepare: async () => void (await api.post('/deviceAssignment/assignDeviceToOwners', s.keyA, { deviceIdentifier: 'FZ-1', customerEmails: [`gone-${n}@example.com`] })),
  }),
  CreateTicket: (_s, _n, t) => ({ params: [], body: { title: t.trim() || 'Valid', customerEmail: 'fz@example.com', messages: [{ role: 'customer', content: t || 'hello' }] } }),
  GetTicket: (s) => ({ params: [s.own[3] as string] }),
  ListTickets: () => ({ params: [], query: 'limit=5' }),
  SetTicketCategory: (s) => ({ params: [s.own[3] as string], body: { category: 'Fuzzing' } }),
  IngestTelemetry: (_s, n) => ({ params: [], body: { deviceIdentifier: 'FZ-1', timestamp: Date.now() - n * 1000, temperature: n % 40 } }),
  GetLatestTelemetry: () => ({ params: ['FZ-1'] }),
  QueryTelemetry: () => ({ params: ['FZ-1'], query: 'limit=10&order=desc' }),
  ListDeviceIncidents: () => ({ params: ['FZ-1'] }),
  ListTelemetryImports: () => ({ params: [] }),
  GetTelemetryImport: () => ({ params: [IMPORT_ID] }),
  UpdateTicket: (s, n) => ({ params: [s.own[3] as string], body: { priority: PRIORITIES[n % 4] } }),
  AddTicketMessage: (s, n, t) => ({ params: [s.ticketPool[n % s.ticketPool.length] as string], body: { role: 'agent', content: t.trim() || 'On it', internal: n % 2 === 0 } }),
  ListTicketEvents: (s) => ({ params: [s.own[3] as string], query: 'limit=5' }),
  CreateWebhook: (s, _n, t) => ({ params: [], body: { url: RECEIVER, events: ['*'], description: t }, prepare: s.reset }),
  ListWebhooks: () => ({ params: [] }),
  GetWebhook: (s) => ({ params: [s.webhookId] }),
  UpdateWebhook: (s, _n, t) => ({ params: [s.webhookId], body: { description: t } }),
  DeleteWebhook: (s) => ({
    params: [],
    prepare: async () => {
      await s.reset();
      const created = await api.post('/webhooks', s.keyA, { url: RECEIVER, events: ['ticket.created'] });
      return { params: [created.body.webhookId as string] };
    },
  }),
  RotateWebhookSecret: (s) => ({ params: [s.webhookId] }),
  TestWebhook: (s) => ({ params: [s.webhookId] }),
  ListWebhookDeliveries: (s) => ({ params: [s.webhookId], query: 'limit=5' }),
  RedeliverWebhook: (s) => ({ params: [s.webhookId, s.deliveryId] }),
  ConsoleMe: (s) => ({ params: [], headers: bearer(s.sessionA) }),
  ConsoleSignOut: (s) => ({ params: [], prepare: async () => ({ headers: bearer(await s.newSignOutSession()) }) }),
  ConsoleQueue: (s) => ({ params: [], headers: bearer(s.sessionA) }),
  ConsoleTicketPage: (s) => ({ params: [s.own[3] as string], headers: bearer(s.sessionA) }),
  ConsoleDevicePage: (s) => ({ params: ['FZ-1'], headers: bearer(s.sessionA) }),
  ConsoleDeviceSeries: (s) => ({ params: ['FZ-1'], headers: bearer(s.sessionA) }),
  ConsoleCustomerPage: (s) => ({ params: [s.own[2] as string], headers: bearer(s.sessionA) }),
  ConsoleSearch: (s) => ({ params: [], query: 'q=FZ-1', headers: bearer(s.sessionA) }),
  ConsoleDeveloperSettings: (s) => ({ params: [], headers: bearer(s.sessionA) }),
  ConsoleRegenerateKey: (s) => ({ params: [], body: { confirm: 'REGENERATE' }, headers: bearer(s.sessionC) }),
  ConsoleListUsers: (s) => ({ params: [], headers: bearer(s.sessionA) }),
  McpPost: (_s, n) => ({ params: [], headers: MCP_ACCEPT, body: { jsonrpc: '2.0', id: n, method: 'tools/list' } }),
  OpenApiDocument: () => ({ params: [] }),
  DocsPage: () => ({ params: [] }),
  DocsAsset: () => ({ params: ['swagger-ui.css'] }),
  // Console routes (auth 'user'): the signed-in agent's session; the key alone is 401.
  ConsoleUpdateTicket: (s, n) => ({ params: [s.own[3] as string], headers: asAgent(s), body: { priority: ['low', 'medium', 'high', 'urgent'][n % 4] } }),
  ConsoleAddTicketMessage: (s, n, t) => ({ params: [s.ticketPool[n % s.ticketPool.length] as string], headers: asAgent(s), body: { content: t.trim() || 'hello', internal: n % 2 === 0 } }),
  ConsoleTicketEvents: (s) => ({ params: [s.own[3] as string], headers: asAgent(s), query: 'limit=5' }),
  // Integrations and bulk work (issues 18, 19): admin routes with the admin session of A (C where A's state must stay).
  ConsoleBulkUpdateTickets: (s, n) => ({ params: [], headers: asAgent(s), body: { tickets: [{ ticketId: s.ticketPool[n % s.ticketPool.length] as string, version: 1 }], changes: { priority: PRIORITIES[n % 4] } } }),
  ConsoleCreateWebhook: (s, _n, t) => ({ params: [], headers: bearer(s.sessionA), body: { url: RECEIVER, events: ['*'], description: t }, prepare: s.reset }),
  ConsoleListWebhooks: (s) => ({ params: [], headers: bearer(s.sessionA) }),
  ConsoleGetWebhook: (s) => ({ params: [s.webhookId], headers: bearer(s.sessionA) }),
  ConsoleUpdateWebhook: (s, _n, t) => ({ params: [s.webhookId], headers: bearer(s.sessionA), body: { description: t } }),
  ConsoleDeleteWebhook: (s) => ({
    params: [],
    headers: bearer(s.sessionA),
    prepare: async () => {
      await s.reset();
      const created = await api.post('/webhooks', s.keyA, { url: RECEIVER, events: ['ticket.created'] });
      return { params: [created.body.webhookId as string] };
    },
  }),
  ConsoleRotateWebhookSecret: (s) => ({ params: [s.webhookId], headers: bearer(s.sessionA) }),
  ConsoleTestWebhook: (s) => ({ params: [s.webhookId], headers: bearer(s.sessionA) }),
  ConsoleListWebhookDeliveries: (s) => ({ params: [s.webhookId], headers: bearer(s.sessionA), query: 'limit=5' }),
  ConsoleRedeliverWebhook: (s) => ({ params: [s.webhookId, s.deliveryId], headers: bearer(s.sessionA) }),
  ConsoleGetConnector: (s) => ({ params: [], headers: bearer(s.sessionA) }),
  // A blank token keeps A's stored one (the other seeds need A's connector).
  ConsoleSetConnector: (s) => ({ params: [], headers: bearer(s.sessionA), body: { provider: 'memfault', apiBase: 'https://api.memfault.invalid', organization: 'acme', project: 'fuzz', token: '' } }),
  // Organization C has no connector: removing answers `removed: false`, syncing `no_connector`; A's stays.
  ConsoleRemoveConnector: (s) => ({ params: [], headers: bearer(s.sessionC) }),
  ConsoleSyncConnector: (s) => ({ params: [], headers: bearer(s.sessionC) }),
  ConsoleListBackfillMappings: (s) => ({ params: [], headers: bearer(s.sessionA) }),
  ConsoleAddBackfillMapping: (s, n) => ({ params: [], headers: bearer(s.sessionA), body: { prefix: `fz-${unique(n)}/`, path: '{deviceIdentifier}.csv.gz', columns: 'temperature' } }),
  ConsoleRemoveBackfillMapping: (s, n) => {
    const prefix = `fz-rm-${unique(n)}/`;
    return { params: [], headers: bearer(s.sessionA), query: `prefix=${encodeURIComponent(prefix)}`, prepare: async () => void (await addMapping(s.orgA, { prefix, path: '{deviceIdentifier}.csv.gz' })) };
  },
  ConsoleListBackfillImports: (s) => ({ params: [], headers: bearer(s.sessionA), query: 'limit=5' }),
  ConsoleListMonitorRules: (s) => ({ params: [], headers: bearer(s.sessionA) }),
  ConsoleAddMonitorRule: (s, n) => ({
    params: [],
    headers: bearer(s.sessionA),
    body: { measurement: 'temperature', operator: n % 2 ? 'above' : 'below', value: n, forMinutes: n % 60 },
    // Room under the 50-rule limit.
    prepare: async () => {
      for (const rule of (await listThresholdRules(s.orgA)).rules) await removeThresholdRule(s.orgA, rule.ruleId);
    },
  }),
  ConsoleRemoveMonitorRule: (s) => ({
    params: [],
    headers: bearer(s.sessionA),
    prepare: async () => ({ params: [(await addThresholdRule(s.orgA, { measurement: 'humidity', above: '90' })).rule.ruleId] }),
  }),
};

/**
 * Settings seeds (issue 18) add categories and routing rules to organization A, whose limits (100 and
 * 50) a few hundred cases would reach: before such a case, the fuzz-made ones go once there are many.
 */
async function trimSettings(organizationId: string): Promise<void> {
  const made = (await queryPartition(keys.orgConfigPartition(organizationId))).filter((i) => String(i.sk).startsWith('CATEGORY#') && String(i.name).startsWith('Fz '));
  if (made.length >= 50) {
    for (const item of made) await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
    await documentClient().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.orgSettings(organizationId), UpdateExpression: 'SET categoryCount = categoryCount - :n', ExpressionAttributeValues: { ':n': made.length } }),
    );
  }
  const rules = await readRuleList(organizationId);
  if (rules.rules.length >= 40) await writeRuleList(organizationId, rules, rules.rules.slice(0, 3));
}
/** Organization A with at least `count` routing rules (for remove and move). */
async function withRules(organizationId: string, count: number): Promise<number> {
  await trimSettings(organizationId);
  let { rules } = await readRuleList(organizationId);
  while (rules.length < count) {
    await appendRoutingRule(organizationId, `fz-rule-${rules.length}`, [{ field: 'priority', value: 'high' }], (name) => name);
    ({ rules } = await readRuleList(organizationId));
  }
  return rules.length;
}
const admin = (s: Seeds) => bearer(s.sessionA);
const SETTINGS_SEEDS: Partial<Record<string, ValidSeed>> = {
  // Settings (issue 18): categories, routing, chat, auto-close/proactive, team
  ConsoleListCategories: (s) => ({ params: [], headers: admin(s) }),
  ConsoleAddCategory: (s, n, t) => ({ params: [], headers: admin(s), body: { name: `Fz ${unique(n)}`, description: t, keywords: ['fz', 'fuzz'] }, prepare: () => trimSettings(s.orgA) }),
  ConsoleUpdateCategory: (s, _n, t) => ({ params: ['Fuzzing'], headers: admin(s), body: { description: t.trim() || 'fuzz', keywords: ['a', 'b'] } }),
  ConsoleListRoutingRules: (s) => ({ params: [], headers: admin(s) }),
  ConsoleAddRoutingRule: (s, n) => ({ params: [], headers: admin(s), body: { assignee: `fz-${n}`, conditions: [{ field: 'category', value: 'fuzzing' }, { field: 'contains', value: 'x' }] }, prepare: () => trimSettings(s.orgA) }),
  ConsoleRemoveRoutingRule: (s) => ({ params: ['1'], headers: admin(s), prepare: async () => ({ params: [String(await withRules(s.orgA, 1))] }) }),
  ConsoleMoveRoutingRule: (s, n) => ({ params: ['2'], headers: admin(s), body: { direction: n % 2 === 0 ? 'up' : 'down' }, prepare: async () => void (await withRules(s.orgA, 3)) }),
  ConsoleChatSettings: (s) => ({ params: [], headers: admin(s) }),
  ConsoleUpdateChatSettings: (s, n) => ({ params: [], headers: admin(s), body: { notifyOnSolved: n % 2 === 0, notifyCustomerMessages: n % 3 === 0 } }),
  ConsoleSetChatWebhook: (s) => ({ params: [], headers: admin(s), body: { url: RECEIVER } }),
  ConsoleClearChatWebhook: (s) => ({ params: [], headers: admin(s) }),
  ConsoleTestChatWebhook: (s) => ({ params: [], headers: admin(s), prepare: () => setChatWebhookUrl(s.orgA, RECEIVER) }),
  ConsoleAutomationSettings: (s) => ({ params: [], headers: admin(s) }),
  ConsoleUpdateAutomationSettings: (s, n) => ({ params: [], headers: admin(s), body: { autoCloseDays: (n % 90) + 1, proactiveAutoSolve: n % 2 === 0 } }),
  ConsoleInviteUser: (s, n) => ({ params: [], headers: admin(s), body: { email: `fz-${unique(n)}@example.com`, role: n % 2 === 0 ? 'agent' : 'admin' } }),
  ConsoleChangeUserRole: (s, n) => ({
    params: [],
    headers: admin(s),
    body: { role: 'admin' },
    prepare: async () => ({ params: [(await addUser(s.orgA, `fz-role-${unique(n)}@example.com`, 'agent')).userId] }),
  }),
  ConsoleRemoveUser: (s, n) => ({ params: [], headers: admin(s), prepare: async () => ({ params: [(await addUser(s.orgA, `fz-gone-${unique(n)}@example.com`, 'agent')).userId] }) }),
};
Object.assign(VALID, SETTINGS_SEEDS);

/** Routes with no valid request at all, by contract; every other route must have a seed in {@link VALID}. */
const NO_SUCCESS_BY_CONTRACT: Record<string, string> = {
  GetCustomerWithoutId: 'the empty-id form always answers 400 `Customer ID is required`',
  McpGet: 'stateless MCP has no server-initiated stream: always 405',
  McpDelete: 'stateless MCP has no session to end: always 405',
};
/** Share of a route's valid-seed cases that must succeed: a seed that stops working fails the run. */
const MIN_VALID_SUCCESS = 0.9;

/** The items of one organization (pk carries its id), sorted, as one comparable string. */
function itemsOf(scan: string, organizationId: string): string {
  return scan
    .split('\n')
    .filter((line) => line.includes(organizationId))
    .join('\n');
}

/** A foreign value an answer shows although the request did not carry it: a leak across organizations. */
function leakedValue(answer: string, request: string, foreign: string[]): string | undefined {
  return foreign.find((value) => value.length >= 8 && answer.includes(value) && !request.includes(value));
}

/**
 * The fuzz suite over the routes `select` picks, in its own test file (and so its own table and jest
 * worker): test/e2e/fuzz.test.ts takes the integrators' routes, fuzz-console.test.ts the console's, so
 * the two halves run side by side instead of one file being the suite's critical path.
 */
export function fuzzRoutes(title: string, select: (route: RouteDefinition) => boolean): void {
useTestTable();
api = useLocalApi();
describe(`fuzz: ${title}, hostile input`, () => {
  let seeds: Seeds;
  let baseline: Set<string>;
  afterEach(async () => resetTo(baseline));
  afterAll(() => setDeliveryQueueForTests(undefined));
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
    // What A's valid seeds need: a category, a connector, telemetry, an import.
    await addCategory(a.org.organizationId, { name: 'Fuzzing', description: 'fuzz tickets' });
    await setConnector(a.org.organizationId, { provider: 'memfault', apiBase: 'https://api.memfault.invalid', organization: 'acme', project: 'fuzz', token: 'fuzz-token' });
    await api.call('POST', '/api/telemetry', { apiKey: a.apiKey, body: { deviceIdentifier: 'FZ-1', temperature: 21 } });
    await api.call('POST', '/api/telemetry', { apiKey: b.apiKey, body: { deviceIdentifier: 'B-DEV-1', temperature: 31 } });
    const now = new Date().toISOString();
    await createImport({
      organizationId: a.org.organizationId, importId: IMPORT_ID, bucket: 'fuzz', key: `backfill/${a.org.organizationId}/x.csv.gz`, status: 'completed',
      rowsRead: 1, rowsWritten: 1, rowsRejected: 0, startedAt: now, finishedAt: now, updatedAt: now, parts: 1,
    });
    // Console sessions: an admin of A, a user of A kept for sign-out, an admin of a third organization.
    const sessionOf = async (organizationId: string, email: string) => {
      const user = await addUser(organizationId, email, 'admin');
      const link = await issueSignInLink(user, 'http://localhost/console/');
      return (await signIn(link.split('#token=')[1] as string)).session;
    };
    const c = await newOrg('Fuzz C');
    const sessionA = await sessionOf(a.org.organizationId, 'fuzz-admin@example.com');
    const sessionC = await sessionOf(c.org.organizationId, 'fuzz-c@example.com');
    const signOutUser = await addUser(a.org.organizationId, 'fuzz-leaver@example.com', 'agent');
    const newSignOutSession = async () => {
      await new Promise((resolve) => setTimeout(resolve, 2)); // issued after the previous sign-out
      return (await signIn((await issueSignInLink(signOutUser, 'http://localhost/console/')).split('#token=')[1] as string)).session;
    };
    const ticketPool: string[] = [];
    for (let i = 0; i < 5; i += 1) ticketPool.push((await api.post('/ticket/createTicket', a.apiKey, { title: `Pool ${i}`, customerEmail: 'fz@example.com' })).body.ticketId as string);
    // A webhook with one delivery attempt on record (its receiver refuses connections).
    const webhook = await api.post('/webhooks', a.apiKey, { url: RECEIVER, events: ['*'] });
    const webhookId = webhook.body.webhookId as string;
    await api.post(`/webhooks/${webhookId}/test`, a.apiKey);
    let deliveryId = '';
    for (let i = 0; i < 100 && !deliveryId; i += 1) {
      const page = await api.get(`/webhooks/${webhookId}/deliveries`, a.apiKey);
      deliveryId = ((page.body.deliveries as { deliveryId: string }[] | undefined) ?? [])[0]?.deliveryId ?? '';
      if (!deliveryId) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(deliveryId).not.toBe('');
    // From here on, deliveries are queued but never attempted: an attempt after a case's answer would
    // change the table while the next case is being checked.
    setDeliveryQueueForTests({ send: async () => undefined });
    seeds = {
      sessionA,
      sessionC,
      newSignOutSession,
      ticketPool,
      webhookId,
      deliveryId,
      // Through the API, so the organization's webhook count stays true (a table reset would not restore it).
      reset: async () => {
        const list = await api.get('/webhooks', a.apiKey);
        for (const w of (list.body.webhooks as { webhookId: string }[] | undefined) ?? []) {
          if (w.webhookId !== webhookId) await api.call('DELETE', `/api/ext-v1/webhooks/${w.webhookId}`, { apiKey: a.apiKey });
        }
      },
      keyA: a.apiKey,
      keyB: b.apiKey,
      orgA: a.org.organizationId,
      orgB: b.org.organizationId,
      secretsA: [a.apiKey, a.org.organizationId, ...own.slice(2)],
      secretsB: [b.apiKey, b.org.organizationId, ...foreign.slice(2)],
      own,
      foreign,
    };
    baseline = await itemKeys();
  });

  it('has a valid request for every route that can succeed, and a reason for each that cannot', () => {
    const missing = routes.filter((r) => !VALID[r.id] && !NO_SUCCESS_BY_CONTRACT[r.id]).map((r) => r.id);
    expect(missing).toEqual([]);
    const stale = [...Object.keys(VALID), ...Object.keys(NO_SUCCESS_BY_CONTRACT)].filter((id) => !routes.some((r) => r.id === id));
    expect(stale).toEqual([]);
  });

  // Routes are read from the table at run time, so routes added later are fuzzed without edits here.
  it.each(routes.filter(select).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: no 5xx, JSON errors, a rejected request changes nothing, the other organization is never touched or shown, valid requests succeed',
    async (_name, route) => {
      const params = (route.path.match(/\{\w+\}/g) ?? []).length;
      const started = Date.now();
      const statuses: Record<number, number> = {};
      const seed: ValidSeed | undefined = VALID[route.id];
      const valid = { cases: 0, succeeded: 0 };
      // The table as the last rejected case left it (asserted equal to what it found), or undefined.
      // A scan costs more than the request itself on DynamoDB Local, so a case that follows a
      // rejected one and prepares nothing starts from that snapshot instead of scanning again: the
      // table cannot have changed in between (the rejected case wrote nothing, so no stream worker
      // ran; webhook deliveries are never attempted), and if it had (a write landing after a
      // rejection was answered), the stale snapshot fails the next case when that one is rejected
      // too or the write touched the other organization: stricter than a fresh scan, never looser.
      let unchanged: string | undefined;
      // One case in three (for routes that can succeed) is the route's valid request with generated text.
      const validCase = fc.tuple(fc.nat(1_000_000), fc.string({ maxLength: 30 }).map((t) => t.replace(/[\ud800-\udfff]/g, 'x'))).map(([n, t]) => ({ n, t }));
      const choice = seed
        ? fc.oneof({ weight: 1, arbitrary: validCase }, { weight: 2, arbitrary: fc.constant(undefined) })
        : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(fc.array(pathParam(seeds), { minLength: params, maxLength: params }), body(seeds), headers(seeds), choice, async (hostileValues, hostileRaw, hostileHeaders, pick) => {
          let values = hostileValues;
          let raw = hostileRaw;
          let hdrs = hostileHeaders;
          let query = '';
          if (pick && seed) {
            const c = seed(seeds, pick.n, pick.t);
            const ready = (await c.prepare?.()) ?? {};
            values = (ready.params ?? c.params).map(encodeURIComponent);
            raw = c.body === undefined ? undefined : JSON.stringify(c.body);
            hdrs = { 'x-api-key': seeds.keyA, 'content-type': 'application/json', ...(c.headers ?? {}), ...(ready.headers ?? {}) };
            query = c.query ? `?${c.query}` : '';
            valid.cases += 1;
          }
          const before = !pick && unchanged !== undefined ? unchanged : await snapshot();
          unchanged = undefined;
          const path = fillPath(route, values) + query;
          // `call` fails on any non-JSON answer, so every response is checked to be JSON; `page`
          // routes (HTML, CSS, JS for browsers) are JSON only on errors.
          const res = await (route.kind === 'page' ? pageCall(route.method, path, hdrs) : api.call(route.method, path, { headers: hdrs, body: route.method === 'GET' ? undefined : raw }))
            .catch((e: Error & { cause?: Error }) => {
              throw new Error(`${e.message}: ${e.cause?.message ?? ''}`);
            });
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          expect(res.status).toBeLessThan(500);
          const ok = res.status >= 200 && res.status <= 299;
          if (pick && ok) valid.succeeded += 1;
          // Whoever called, the other organization's items are exactly as they were, and an answer
          // never shows the other organization's values the request did not carry itself.
          const key = hdrs['x-api-key'];
          const other = key === seeds.keyB ? { org: seeds.orgA, secrets: seeds.secretsA } : { org: seeds.orgB, secrets: seeds.secretsB };
          const after = await snapshot();
          expect(itemsOf(after, other.org)).toBe(itemsOf(before, other.org));
          if (ok) {
            const leak = leakedValue(JSON.stringify(res.body), `${path} ${raw ?? ''}`, other.secrets);
            expect(leak).toBeUndefined();
          }
          if (!ok) {
            // The MCP endpoint answers JSON-RPC errors (`error: { code, message }`) except its 401s (route kind `mcp`).
            const error = res.body.error as unknown;
            if (route.kind === 'mcp' && typeof error === 'object' && error !== null) {
              expect(typeof (error as { code?: unknown }).code).toBe('number');
              expect(typeof (error as { message?: unknown }).message).toBe('string');
            } else {
              expect(typeof error).toBe('string');
            }
            expect(after).toBe(before);
            unchanged = after;
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      console.log(`fuzz ${route.method} ${route.path}: ${RUNS} cases in ${Date.now() - started} ms, statuses ${JSON.stringify(statuses)}, valid ${valid.succeeded}/${valid.cases}`);
      if (seed) {
        // The valid seeds ran (about a third of the cases) and nearly all of them succeeded.
        expect(valid.cases).toBeGreaterThanOrEqual(Math.floor(RUNS / 5));
        expect(valid.succeeded / valid.cases).toBeGreaterThanOrEqual(MIN_VALID_SUCCESS);
      }
    },
    600_000,
  );
});
}
