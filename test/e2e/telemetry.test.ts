import { tableContents, useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

const ingest = (apiKey: string | undefined, body: unknown) => api.call('POST', '/api/telemetry', { apiKey, body });
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const MIN = 60_000;


describe('POST /api/telemetry', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
    await api.post('/device', key, { identifier: 'T-1', type: 'thermostat' });
  });

  it('stores a single record and answers with the owners', async () => {
    const res = await ingest(key, { deviceIdentifier: 'T-1', temperature: 21.5, humidity: 40 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, accepted: 1, deviceKnown: true, owners: [] });
    const latest = await api.get('/device/T-1/telemetry/latest', key);
    expect(latest.status).toBe(200);
    expect(latest.body).toMatchObject({ identifier: 'T-1', deviceKnown: true, measurements: { temperature: { value: 21.5 }, humidity: { value: 40 } } });
    expect(typeof latest.body.lastSeenAt).toBe('string');
  });

  it('stores a batch with original timestamps (ISO and epoch ms)', async () => {
    const t0 = Date.now() - 10 * MIN;
    const res = await ingest(key, {
      deviceIdentifier: 'T-BATCH',
      records: [
        { timestamp: new Date(t0).toISOString(), temperature: 1 },
        { timestamp: t0 + 1000, temperature: 2 },
        { timestamp: new Date(t0 + 2000).toISOString().replace('Z', '+00:00'), temperature: 3 },
      ],
    });
    expect(res.body).toEqual({ success: true, accepted: 3, deviceKnown: false, owners: [] });
    const history = await api.get('/device/T-BATCH/telemetry', key);
    expect(history.status).toBe(200);
    expect(history.body).toEqual({
      identifier: 'T-BATCH',
      records: [0, 1, 2].map((i) => ({ timestamp: new Date(t0 + i * 1000).toISOString(), source: 'rest', measurements: { temperature: i + 1 } })),
      nextCursor: null,
    });
  });

  it.each([
    ['a missing deviceIdentifier', { temperature: 1 }, 'deviceIdentifier is required and must be a non-empty string'],
    ['an empty deviceIdentifier', { deviceIdentifier: '  ', temperature: 1 }, 'deviceIdentifier is required and must be a non-empty string'],
    ['a numeric deviceIdentifier', { deviceIdentifier: 5, temperature: 1 }, 'deviceIdentifier is required and must be a non-empty string'],
    ['no measurement', { deviceIdentifier: 'T-1' }, 'At least one measurement is required'],
    ['a string measurement', { deviceIdentifier: 'T-1', temperature: '21' }, 'Measurement "temperature" must be a finite number'],
    ['a boolean measurement', { deviceIdentifier: 'T-1', on: true }, 'Measurement "on" must be a finite number'],
    ['a null measurement', { deviceIdentifier: 'T-1', temperature: null }, 'Measurement "temperature" must be a finite number'],
    ['an object measurement', { deviceIdentifier: 'T-1', temperature: { v: 1 } }, 'Measurement "temperature" must be a finite number'],
    ['a value too small to store', { deviceIdentifier: 'T-1', t: -5e-324 }, 'Measurement "t" must be 0 or between 1e-130 and 1e125 in magnitude'],
    ['a value too large to store', { deviceIdentifier: 'T-1', t: 1e300 }, 'Measurement "t" must be 0 or between 1e-130 and 1e125 in magnitude'],
    ['a bad timestamp', { deviceIdentifier: 'T-1', timestamp: 'yesterday', t: 1 }, 'timestamp must be an ISO 8601 date-time string or epoch milliseconds'],
    ['a date without time', { deviceIdentifier: 'T-1', timestamp: '2026-01-01', t: 1 }, 'timestamp must be an ISO 8601 date-time string or epoch milliseconds'],
    ['a fractional epoch', { deviceIdentifier: 'T-1', timestamp: 1.5, t: 1 }, 'timestamp must be an ISO 8601 date-time string or epoch milliseconds'],
    ['a future timestamp', { deviceIdentifier: 'T-1', timestamp: Date.now() + 10 * MIN, t: 1 }, 'timestamp must not be more than 5 minutes in the future'],
    ['a timestamp before 2000', { deviceIdentifier: 'T-1', timestamp: '1999-12-31T23:59:59Z', t: 1 }, 'timestamp must not be before 2000-01-01T00:00:00Z'],
    ['a timestamp beyond retention', { deviceIdentifier: 'T-1', timestamp: iso(91 * 24 * 60 * MIN), t: 1 }, "timestamp is older than the organization's telemetry retention (90 days)"],
    ['a bad measurement name', { deviceIdentifier: 'T-1', 'temp erature': 1 }, 'Measurement name "temp erature" is invalid: use 1-64 letters, digits, "_", "." or "-", starting with a letter or "_"'],
    ['a too long measurement name', { deviceIdentifier: 'T-1', ['m'.repeat(65)]: 1 }, `Measurement name "${'m'.repeat(64)}" is invalid: use 1-64 letters, digits, "_", "." or "-", starting with a letter or "_"`],
    ['101 measurements', { deviceIdentifier: 'T-1', ...Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`m${i}`, i])) }, 'At most 100 measurements per record'],
    ['records that is not an array', { deviceIdentifier: 'T-1', records: {} }, 'records must be an array of objects'],
    ['empty records', { deviceIdentifier: 'T-1', records: [] }, 'records must contain at least one record'],
    ['1001 records', { deviceIdentifier: 'T-1', records: Array.from({ length: 1001 }, (_, i) => ({ timestamp: Date.now() - i, t: i })) }, 'records must contain at most 1000 records'],
    ['a measurement beside records', { deviceIdentifier: 'T-1', t: 1, records: [{ t: 2 }] }, '"t" is not allowed beside records: put measurements and timestamp inside each record'],
    ['one bad record in a batch', { deviceIdentifier: 'T-1', records: [{ t: 1 }, { t: 2 }, { t: 'x' }] }, 'records[2]: Measurement "t" must be a finite number'],
    ['a record that is not an object', { deviceIdentifier: 'T-1', records: [{ t: 1 }, 7] }, 'records[1]: record must be a JSON object'],
  ])('400 for %s, and nothing is stored', async (_case, body, error) => {
    const before = await tableContents();
    const res = await ingest(key, body);
    expect(res).toEqual({ status: 400, body: { error } });
    expect(await tableContents()).toBe(before);
  });

  it('rejects a batch with one bad record whole', async () => {
    const res = await ingest(key, { deviceIdentifier: 'T-WHOLE', records: [{ t: 1 }, { t: Number.NaN }] });
    expect(res.status).toBe(400);
    expect((await api.get('/device/T-WHOLE/telemetry/latest', key)).status).toBe(404);
  });

  it('400 Invalid JSON payload for unparsable bodies and non-objects', async () => {
    for (const body of ['{"deviceIdentifier":', '[1,2]', '"x"', 'null']) {
      expect(await ingest(key, body)).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
    }
  });

  it('401 with the spec texts, before the body is read', async () => {
    expect(await ingest(undefined, { deviceIdentifier: 'T-1', t: 1 })).toEqual({ status: 401, body: { error: 'Missing API key' } });
    expect(await ingest('fdk_wrong', '{not json')).toEqual({ status: 401, body: { error: 'Invalid API key' } });
  });

  it('a replay of the same record is stored once', async () => {
    const body = { deviceIdentifier: 'T-REPLAY', timestamp: iso(MIN), t: 1 };
    await Promise.all(Array.from({ length: 5 }, () => ingest(key, body)));
    await ingest(key, body);
    const history = await api.get('/device/T-REPLAY/telemetry', key);
    expect(history.body.records).toHaveLength(1);
  });

  it('records of one call sharing a timestamp are merged into one record, a later value winning per name', async () => {
    const ts = iso(MIN);
    const res = await ingest(key, { deviceIdentifier: 'T-DUP', records: [{ timestamp: ts, t: 1, u: 5 }, { timestamp: ts, t: 2 }] });
    expect(res.body.accepted).toBe(2);
    const history = await api.get('/device/T-DUP/telemetry', key);
    expect(history.body.records).toEqual([{ timestamp: ts, source: 'rest', measurements: { t: 2, u: 5 } }]);
  });

  it('a batch without timestamps (all at the receive time) keeps every measurement', async () => {
    const res = await ingest(key, { deviceIdentifier: 'T-NOTS', records: [{ temp: 1 }, { hum: 2 }] });
    expect(res.body).toMatchObject({ success: true, accepted: 2 });
    const latest = await api.get('/device/T-NOTS/telemetry/latest', key);
    expect(latest.body.measurements).toEqual({ hum: { value: 2, timestamp: expect.any(String) }, temp: { value: 1, timestamp: expect.any(String) } });
  });

  it('__proto__ is not a measurement name, in a single record or a batch', async () => {
    const invalid = 'Measurement name "__proto__" is invalid: use 1-64 letters, digits, "_", "." or "-", starting with a letter or "_"';
    expect(await ingest(key, '{"deviceIdentifier":"T-P","records":[{"__proto__":5}]}')).toEqual({ status: 400, body: { error: `records[0]: ${invalid}` } });
    expect((await api.get('/device/T-P/telemetry/latest', key)).status).toBe(404);
  });

  it('merged records are still held to 100 measurements', async () => {
    const ts = iso(MIN);
    const half = (from: number) => Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`m${from + i}`, i]));
    const res = await ingest(key, { deviceIdentifier: 'T-MERGE', records: [{ timestamp: ts, ...half(0) }, { timestamp: ts, ...half(60) }] });
    expect(res).toEqual({ status: 400, body: { error: 'records[1]: At most 100 measurements per record (records with the same timestamp are merged into one)' } });
  });

  it('keeps an unknown device’s records and shows them once the device is created', async () => {
    const res = await ingest(key, { deviceIdentifier: 'T-LATER', t: 5 });
    expect(res.body).toMatchObject({ deviceKnown: false, owners: [] });
    expect((await api.get('/device/T-LATER/telemetry/latest', key)).body).toMatchObject({ deviceKnown: false, measurements: { t: { value: 5 } } });
    await api.post('/device', key, { identifier: 'T-LATER', type: 'sensor' });
    const latest = await api.get('/device/T-LATER/telemetry/latest', key);
    expect(latest.body).toMatchObject({ deviceKnown: true, measurements: { t: { value: 5 } } });
    expect((await api.get('/device/T-LATER/telemetry', key)).body.records).toHaveLength(1);
    expect((await ingest(key, { deviceIdentifier: 'T-LATER', t: 6 })).body.deviceKnown).toBe(true);
  });
});

describe('latest snapshot only moves forward', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
  });

  it('an older record arriving late does not overwrite a newer value, per measurement', async () => {
    await ingest(key, { deviceIdentifier: 'L-1', timestamp: iso(1 * MIN), a: 10, b: 10 });
    // Older for `a`, but the first value ever for `c`: c moves, a stays.
    await ingest(key, { deviceIdentifier: 'L-1', timestamp: iso(5 * MIN), a: 1, c: 1 });
    // Newer for `b` only (in a batch).
    await ingest(key, { deviceIdentifier: 'L-1', records: [{ timestamp: iso(10 * MIN), a: 2 }, { timestamp: iso(0), b: 20 }] });
    const { body } = await api.get('/device/L-1/telemetry/latest', key);
    const m = body.measurements as Record<string, { value: number }>;
    expect({ a: m.a?.value, b: m.b?.value, c: m.c?.value }).toEqual({ a: 10, b: 20, c: 1 });
    expect((await api.get('/device/L-1/telemetry', key)).body.records).toHaveLength(4);
  });

  it('under concurrent out-of-order arrivals the newest value wins', async () => {
    const base = Date.now() - 30 * MIN;
    const order = Array.from({ length: 30 }, (_, i) => i).sort(() => Math.random() - 0.5);
    const results = await Promise.all(order.map((i) => ingest(key, { deviceIdentifier: 'L-RACE', timestamp: base + i * 1000, v: i, w: -i })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const { body } = await api.get('/device/L-RACE/telemetry/latest', key);
    expect(body.measurements).toEqual({
      v: { value: 29, timestamp: new Date(base + 29_000).toISOString() },
      w: { value: -29, timestamp: new Date(base + 29_000).toISOString() },
    });
    expect(body.lastSeenAt).toBe(new Date(base + 29_000).toISOString());
  });
});

describe('owners at ingest time', () => {
  it('follow assign and unassign', async () => {
    const { apiKey: key } = await newOrg();
    await api.post('/deviceAssignment/assignDeviceToOwners', key, {
      deviceIdentifier: 'O-1',
      customerEmails: ['ann@example.com', 'bob@example.com'],
      autoCreateDevice: true,
      deviceType: 'sensor',
    });
    const before = await ingest(key, { deviceIdentifier: 'O-1', t: 1 });
    expect(before.body.deviceKnown).toBe(true);
    expect((before.body.owners as { email: string }[]).map((o) => o.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    const ann = (before.body.owners as { customerId: string; email: string }[]).find((o) => o.email === 'ann@example.com');
    expect(ann?.customerId).toMatch(/^[0-9a-f-]{36}$/);

    const un = await api.post('/deviceAssignment/unassignDeviceFromOwner', key, { deviceIdentifier: 'O-1', customerEmail: 'ann@example.com' });
    expect(un.status).toBe(200);
    const after = await ingest(key, { deviceIdentifier: 'O-1', t: 2 });
    expect(after.body.owners).toEqual([{ customerId: expect.any(String), email: 'bob@example.com' }]);
  });
});

describe('GET /device/{identifier}/telemetry (history)', () => {
  let key: string;
  const t0 = Date.now() - 60 * MIN;
  const at = (i: number) => new Date(t0 + i * 1000).toISOString();
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
    await ingest(key, { deviceIdentifier: 'H-1', records: Array.from({ length: 25 }, (_, i) => ({ timestamp: t0 + i * 1000, v: i })) });
  });

  it('pages through every record with the cursor, ascending by default', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await api.get(`/device/H-1/telemetry?limit=10${q}`, key);
      expect(res.status).toBe(200);
      seen.push(...(res.body.records as { measurements: { v: number } }[]).map((r) => r.measurements.v));
      cursor = res.body.nextCursor as string | null;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('filters by from/to (inclusive) and orders descending', async () => {
    const res = await api.get(`/device/H-1/telemetry?from=${encodeURIComponent(at(5))}&to=${t0 + 8000}&order=desc`, key);
    expect((res.body.records as { measurements: { v: number } }[]).map((r) => r.measurements.v)).toEqual([8, 7, 6, 5]);
    expect(res.body.nextCursor).toBeNull();
  });

  it('caps limit at 1000 and defaults it to 100', async () => {
    // 1,100 records: more than both the cap and the default, so each shows.
    const start = Date.now() - 60 * MIN;
    for (let batch = 0; batch < 2; batch += 1) {
      const records = Array.from({ length: 550 }, (_, i) => ({ timestamp: start + (batch * 550 + i) * 1000, v: batch * 550 + i }));
      expect((await ingest(key, { deviceIdentifier: 'H-CAP', records })).status).toBe(200);
    }
    const capped = await api.get('/device/H-CAP/telemetry?limit=5000', key);
    expect(capped.body.records).toHaveLength(1000);
    expect(typeof capped.body.nextCursor).toBe('string');
    const byDefault = await api.get('/device/H-CAP/telemetry', key);
    expect(byDefault.body.records).toHaveLength(100);
    expect(typeof byDefault.body.nextCursor).toBe('string');
  });

  it.each([
    ['limit=0', 'limit must be an integer from 1 to 1000'],
    ['limit=abc', 'limit must be an integer from 1 to 1000'],
    ['limit=1.5', 'limit must be an integer from 1 to 1000'],
    ['order=sideways', 'order must be asc or desc'],
    ['from=yesterday', 'from must be an ISO 8601 date-time string or epoch milliseconds'],
    ['to=2026-13-45T00:00:00Z', 'to must be an ISO 8601 date-time string or epoch milliseconds'],
    ['from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'from must not be after to'],
    ['cursor=garbage', 'cursor is invalid for this query'],
  ])('400 for %s', async (query, error) => {
    expect(await api.get(`/device/H-1/telemetry?${query}`, key)).toEqual({ status: 400, body: { error } });
  });

  it('a forged cursor cannot leave the range or the device', async () => {
    const forge = (k: string) => Buffer.from(JSON.stringify({ k })).toString('base64url');
    const outside = await api.get(`/device/H-1/telemetry?from=${t0 + 10_000}&cursor=${forge(`${at(2)}#rest`)}`, key);
    expect(outside).toEqual({ status: 400, body: { error: 'cursor is invalid for this query' } });
    const otherKey = await api.get(`/device/H-1/telemetry?cursor=${forge('LATEST')}`, key);
    expect(otherKey.status).toBe(400);
    const partition = await api.get(`/device/H-1/telemetry?cursor=${forge('ORG#x#TELEMETRY#y')}`, key);
    expect(partition.status).toBe(400);
  });

  it('404 Device not found for an identifier with neither device nor telemetry', async () => {
    expect(await api.get('/device/NOPE/telemetry', key)).toEqual({ status: 404, body: { error: 'Device not found' } });
    expect(await api.get('/device/NOPE/telemetry/latest', key)).toEqual({ status: 404, body: { error: 'Device not found' } });
  });

  it('a known device without telemetry has an empty history and an empty snapshot', async () => {
    await api.post('/device', key, { identifier: 'H-EMPTY', type: 'sensor' });
    expect((await api.get('/device/H-EMPTY/telemetry', key)).body).toEqual({ identifier: 'H-EMPTY', records: [], nextCursor: null });
    expect((await api.get('/device/H-EMPTY/telemetry/latest', key)).body).toEqual({ identifier: 'H-EMPTY', deviceKnown: true, lastSeenAt: null, measurements: {} });
  });
});

describe('tenant isolation', () => {
  it('another organization never sees this one’s devices or telemetry', async () => {
    const a = (await newOrg('A')).apiKey;
    const b = (await newOrg('B')).apiKey;
    await api.post('/device', a, { identifier: 'ISO-1', type: 'sensor' });
    await ingest(a, { deviceIdentifier: 'ISO-1', secret: 42 });
    expect((await api.get('/device/ISO-1/telemetry/latest', b)).status).toBe(404);
    expect((await api.get('/device/ISO-1/telemetry', b)).status).toBe(404);
    // B sending for the same identifier writes B's own data, and A's stays as it was.
    const res = await ingest(b, { deviceIdentifier: 'ISO-1', secret: 1 });
    expect(res.body).toEqual({ success: true, accepted: 1, deviceKnown: false, owners: [] });
    expect(((await api.get('/device/ISO-1/telemetry/latest', a)).body.measurements as Record<string, { value: number }>).secret?.value).toBe(42);
    const page = await api.get('/device/ISO-1/telemetry', a);
    const cursorFromA = Buffer.from(JSON.stringify({ k: `${(page.body.records as { timestamp: string }[])[0]?.timestamp}#rest` })).toString('base64url');
    // A cursor names a position, never a partition: used by B it pages B's own records only.
    const viaB = await api.get(`/device/ISO-1/telemetry?cursor=${cursorFromA}`, b);
    expect(viaB.status).toBe(200);
    expect((viaB.body.records as { measurements: { secret: number } }[]).map((r) => r.measurements.secret)).toEqual([1]);
  });
});

describe('IoT rule destination confirmation', () => {
  it('is answered without a key, and records the confirmation without visiting a non-IoT URL', async () => {
    // IoT POSTs to `{confirmationUrl}/?confirmationToken=…`; the connector stack's confirmation URL is `{host}/api/telemetry`.
    const res = await api.call('POST', '/api/telemetry/?confirmationToken=t', {
      headers: { 'x-amz-rules-engine-message-type': 'DestinationConfirmation' },
      body: { arn: 'arn:aws:iot:eu-west-1:123456789012:ruledestination/http/abc', confirmationToken: 't', enableUrl: 'http://127.0.0.1:1/steal', messageType: 'DestinationConfirmation' },
    });
    expect(res).toEqual({ status: 200, body: { success: true, confirmed: false } });
  });

  it('anything else without a key is 401', async () => {
    const res = await api.call('POST', '/api/telemetry', { body: { messageType: 'Other', arn: 'x', enableUrl: 'y' } });
    expect(res).toEqual({ status: 401, body: { error: 'Missing API key' } });
  });
});

describe('property: whatever the order and grouping of arrivals, latest is the newest value per measurement', () => {
  it('holds for generated batches posted in random order, some of them concurrently', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fc = require('fast-check') as typeof import('fast-check');
    const { apiKey } = await newOrg();
    const base = Date.now() - 30 * MIN;
    const names = ['a', 'b', 'c_1', 'd.x'];
    const recordArb = fc.record({
      at: fc.integer({ min: 0, max: 600 }),
      // Storable values only (0, or 1e-130 to 1e125 in magnitude); the rest is a 400, tested above.
      m: fc.dictionary(
        fc.constantFrom(...names),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((v) => v === 0 || Math.abs(v) >= 1e-130),
        { minKeys: 1 },
      ),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(recordArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }), async (batches) => {
        const device = `PROP-${run++}`;
        // The expected snapshot: per name, the value at its newest timestamp; at equal timestamps the
        // later record of the same call wins (they merge), and between calls any of them may (replays overwrite).
        const expected = new Map<string, { t: number; values: Set<number> }>();
        for (const batch of batches) {
          const merged = new Map<number, Record<string, number>>();
          for (const r of batch) merged.set(r.at, { ...(merged.get(r.at) ?? {}), ...r.m });
          for (const [at, m] of merged) {
            for (const [name, value] of Object.entries(m)) {
              const cur = expected.get(name);
              if (!cur || at > cur.t) expected.set(name, { t: at, values: new Set([value]) });
              else if (at === cur.t) cur.values.add(value);
            }
          }
        }
        const send = (batch: typeof batches[number]) => ingest(apiKey, { deviceIdentifier: device, records: batch.map((r) => ({ timestamp: base + r.at * 1000, ...r.m })) });
        const [first, ...rest] = batches;
        const results = [await send(first as typeof batches[number]), ...(await Promise.all(rest.map(send)))];
        if (results.some((r) => r.status !== 200)) return false;
        const latest = (await api.get(`/device/${device}/telemetry/latest`, apiKey)).body.measurements as Record<string, { value: number; timestamp: string }>;
        if (Object.keys(latest).sort().join() !== [...expected.keys()].sort().join()) return false;
        return [...expected].every(([name, e]) => latest[name]?.timestamp === new Date(base + e.t * 1000).toISOString() && e.values.has(latest[name]?.value as number));
      }),
      { numRuns: 25, seed: 42 },
    );
  }, 120_000);
});
