import { tableContents, useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

describe('POST /device (spec 4.1)', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
  });

  it('creates, then updates, a device by identifier', async () => {
    const created = await api.post('/device', key, { identifier: 'SN-100', type: 'thermostat', properties: { fw: '1.0' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      success: true,
      message: 'Device created successfully',
      deviceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      identifier: 'SN-100',
      type: 'thermostat',
    });

    const updated = await api.post('/device', key, { identifier: 'SN-100', properties: { fw: '2.0' } });
    expect(updated.body).toEqual({
      success: true,
      message: 'Device updated successfully',
      deviceId: created.body.deviceId,
      identifier: 'SN-100',
      type: 'thermostat',
    });

    const read = await api.get('/device/SN-100', key);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ deviceId: created.body.deviceId, identifier: 'SN-100', type: 'thermostat', properties: { fw: '2.0' }, owners: [] });
  });

  it('replaces properties on update and keeps them when omitted', async () => {
    await api.post('/device', key, { identifier: 'SN-101', type: 'sensor', properties: { a: 1, b: 2 } });
    await api.post('/device', key, { identifier: 'SN-101', properties: { c: 3 } });
    expect((await api.get('/device/SN-101', key)).body.properties).toEqual({ c: 3 });
    await api.post('/device', key, { identifier: 'SN-101', type: 'gateway' });
    const read = await api.get('/device/SN-101', key);
    expect(read.body).toMatchObject({ type: 'gateway', properties: { c: 3 } });
  });

  it('accepts deviceMetadata as the other name of properties, and trims the identifier', async () => {
    await api.post('/device', key, { identifier: '  SN-102 ', type: 'sensor', deviceMetadata: { x: true } });
    expect((await api.get('/device/SN-102', key)).body).toMatchObject({ identifier: 'SN-102', properties: { x: true } });
  });

  it('keeps identifiers with slashes, hashes and unicode distinct and readable', async () => {
    for (const identifier of ['a/b', 'a#OWNER#x', 'ñandú-01', 'AA:BB:CC:DD:EE:FF']) {
      const res = await api.post('/device', key, { identifier, type: 'sensor' });
      expect(res.body.message).toBe('Device created successfully');
      const read = await api.get(`/device/${encodeURIComponent(identifier)}`, key);
      expect(read.body.identifier).toBe(identifier);
    }
  });

  it.each([
    [{}, 'identifier is required and must be a non-empty string'],
    [{ identifier: '' }, 'identifier is required and must be a non-empty string'],
    [{ identifier: '   ', type: 'x' }, 'identifier is required and must be a non-empty string'],
    [{ identifier: 42, type: 'x' }, 'identifier is required and must be a non-empty string'],
    [{ identifier: 'SN-NEW' }, 'type is required for new devices and must be a non-empty string'],
    [{ identifier: 'SN-NEW', type: '' }, 'type is required for new devices and must be a non-empty string'],
    [{ identifier: 'SN-NEW', type: 7 }, 'type is required for new devices and must be a non-empty string'],
    [{ identifier: 'SN-NEW', type: null }, 'type is required for new devices and must be a non-empty string'],
    [{ identifier: 'SN-NEW', type: 'x', properties: [1] }, 'properties must be a JSON object'],
    [{ identifier: 'SN-NEW', type: 'x', properties: 'x' }, 'properties must be a JSON object'],
    [{ identifier: 'x'.repeat(257), type: 'x' }, 'identifier must be at most 256 characters'],
    [{ identifier: 'SN-NEW', type: 'x'.repeat(101) }, 'type must be at most 100 characters'],
    [{ identifier: 'SN-NEW', type: 'x', properties: { blob: 'x'.repeat(70000) } }, 'properties must be at most 65536 bytes of JSON'],
  ])('400 for case %#', async (body, error) => {
    const res = await api.post('/device', key, body);
    expect(res).toEqual({ status: 400, body: { error } });
    expect((await api.get('/device/SN-NEW', key)).status).toBe(404);
  });

  it.each(['{not json', '[]', '[{"identifier":"x","type":"y"}]', '"text"', '42', 'null'])('400 Invalid JSON payload for body %s', async (raw) => {
    const res = await api.post('/device', key, raw);
    expect(res).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
  });

  it('treats an empty body as an empty object', async () => {
    const res = await api.post('/device', key, '');
    expect(res).toEqual({ status: 400, body: { error: 'identifier is required and must be a non-empty string' } });
  });

  it('answers 413 for a body over 5 MB without touching data', async () => {
    const before = await tableContents();
    const res = await api.post('/device', key, JSON.stringify({ identifier: 'SN-BIG', type: 'x', properties: { s: 'x'.repeat(5.5 * 1024 * 1024) } }));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/^Request body too large/);
    expect(await tableContents()).toBe(before);
  });

  it('20 concurrent creates of one identifier: one created, all 200, one deviceId', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/device', key, { identifier: 'SN-RACE', type: 'sensor' })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(responses.filter((r) => r.body.message === 'Device created successfully')).toHaveLength(1);
    expect(new Set(responses.map((r) => r.body.deviceId)).size).toBe(1);
  });
});

describe('GET /device/{identifier}', () => {
  it('404 Device not found for an unknown identifier', async () => {
    const { apiKey } = await newOrg();
    expect(await api.get('/device/nope', apiKey)).toEqual({ status: 404, body: { error: 'Device not found' } });
  });
});

describe('POST /device/bulk-metadata (spec 4.2)', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
    await api.post('/device', key, { identifier: 'B-1', type: 'sensor', properties: { keep: false, old: 1 } });
    await api.post('/device', key, { identifier: 'B-2', type: 'sensor' });
  });

  it('replaces metadata of existing devices, reports unknown ones, keeps input order and trims keys', async () => {
    const before = (await api.get('/device/B-1', key)).body;
    const res = await api.post('/device/bulk-metadata', key, { devices: { ' B-2 ': { n: 2 }, 'B-404': { n: 0 }, 'B-1': { n: 1 } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      updated: 2,
      notFound: 1,
      results: [
        { identifier: 'B-2', deviceId: expect.any(String), status: 'updated' },
        { identifier: 'B-404', deviceId: '', status: 'not_found' },
        { identifier: 'B-1', deviceId: before.deviceId, status: 'updated' },
      ],
    });
    const after = (await api.get('/device/B-1', key)).body;
    expect(after.properties).toEqual({ n: 1 });
    expect((after.updatedAt as string) > (before.updatedAt as string)).toBe(true);
    expect((await api.get('/device/B-404', key)).status).toBe(404);
  });

  it('the same identifier twice after trimming: the last value wins and both entries report updated; empty or over-long keys report not_found', async () => {
    const res = await api.post('/device/bulk-metadata', key, { devices: { 'B-2': { n: 'first' }, ' B-2 ': { n: 'last' }, '': { n: 0 }, '  ': { n: 0 }, ['L'.repeat(400)]: { n: 0 } } });
    expect(res.status).toBe(200);
    const results = res.body.results as { identifier: string; status: string }[];
    expect(results.map((r) => r.status)).toEqual(['updated', 'updated', 'not_found', 'not_found', 'not_found']);
    expect(res.body).toMatchObject({ updated: 2, notFound: 3 });
    expect((await api.get('/device/B-2', key)).body.properties).toEqual({ n: 'last' });
  });

  it.each([
    [{}, 'devices is required and must be an object mapping identifiers to metadata'],
    [{ devices: [] }, 'devices is required and must be an object mapping identifiers to metadata'],
    [{ devices: 'x' }, 'devices is required and must be an object mapping identifiers to metadata'],
    [{ devices: null }, 'devices is required and must be an object mapping identifiers to metadata'],
    [{ devices: {} }, 'devices must contain at least one entry'],
    [{ devices: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`D-${i}`, {}])) }, 'Too many devices. Maximum 1000 per request'],
    [{ devices: { 'B-1': { ok: 1 }, ' B-2 ': null } }, 'Invalid metadata for device "B-2": must be a JSON object'],
    [{ devices: { 'B-1': [1] } }, 'Invalid metadata for device "B-1": must be a JSON object'],
    [{ devices: { 'B-1': 5 } }, 'Invalid metadata for device "B-1": must be a JSON object'],
    [{ devices: { 'B-1': { s: 'x'.repeat(70000) } } }, 'Invalid metadata for device "B-1": must be at most 65536 bytes of JSON'],
  ])('400 for %#', async (body, error) => {
    const before = (await api.get('/device/B-1', key)).body;
    const res = await api.post('/device/bulk-metadata', key, body);
    expect(res).toEqual({ status: 400, body: { error } });
    expect((await api.get('/device/B-1', key)).body).toEqual(before);
  });

  it('75 devices x 64 KB of CJK metadata (valid, ~4.9 MB of UTF-8) succeed: chunks are sized in bytes (issue 23 #5)', async () => {
    const { apiKey } = await newOrg();
    const ids = Array.from({ length: 75 }, (_, i) => `CJK-${i}`);
    for (const identifier of ids) await api.post('/device', apiKey, { identifier, type: 'sensor' });
    // 21,842 three-byte characters: 65,534 bytes of JSON, just under the metadata limit.
    const metadata = (i: number) => ({ t: `${'漢'.repeat(21_841)}${i % 10}` });
    const res = await api.post('/device/bulk-metadata', apiKey, { devices: Object.fromEntries(ids.map((id, i) => [id, metadata(i)])) });
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(75);
    expect((await api.get('/device/CJK-74', apiKey)).body.properties).toEqual(metadata(74));
  }, 60_000);

  it('400 Invalid JSON payload for malformed JSON and non-object bodies', async () => {
    for (const raw of ['{"devices":', '[]', '1']) {
      expect(await api.post('/device/bulk-metadata', key, raw)).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
    }
  });
});

describe('path parameters', () => {
  it('a malformed percent-escape in the identifier is a 404, not a crash', async () => {
    const { apiKey } = await newOrg();
    expect(await api.get('/device/%E0%A4%A', apiKey)).toEqual({ status: 404, body: { error: 'Device not found' } });
  });
});
