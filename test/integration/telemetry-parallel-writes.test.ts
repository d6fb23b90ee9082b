import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { KNOWN_NAMES_SET_MAX, storeRecords } from '../../shared/domain/telemetry/telemetry.repository';
import { MAX_MEASUREMENT_NAMES_PER_DEVICE } from '../../shared/domain/telemetry/telemetry.schema';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import { storedRecord } from '../support/stored-records';

useTestTable();

/**
 * Issue 21 (load test): once this process has seen a device's snapshot hold every name of a write,
 * the snapshot update cannot be refused by the names cap, so the records are written beside it
 * instead of after it (one round trip less). Anything the hint does not cover keeps the order.
 */

const CAP_ERROR = 'Too many distinct measurement names for device';
const now = Date.now();
const options = { receivedAt: new Date(now).toISOString(), expiresAt: () => Math.floor(now / 1000) + 3600 };
const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();

/**
 * The order in which `fn`'s snapshot update and record writes start and end. A write sent while the
 * update is in flight starts before the update ends: the update's answer needs a network round trip,
 * the record write is sent in the same tick, so the order is deterministic either way.
 */
async function writeOrder(fn: () => Promise<unknown>, failUpdate = false): Promise<string[]> {
  const events: string[] = [];
  const name = `order-${Math.random()}`;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String((context as { commandName?: string }).commandName);
      const label = command === 'UpdateItemCommand' ? 'update' : command === 'PutItemCommand' || command === 'BatchWriteItemCommand' ? 'records' : undefined;
      if (label) events.push(`${label} start`);
      if (label === 'update' && failUpdate) {
        // A failure of the update itself (a crash between the two writes, seen from the caller).
        await new Promise((resolve) => setImmediate(resolve));
        events.push('update failed');
        throw new Error('simulated failure of the snapshot update');
      }
      const out = await next(args);
      if (label) events.push(`${label} end`);
      return out;
    },
    { step: 'initialize', name },
  );
  try {
    await fn();
  } finally {
    documentClient().middlewareStack.remove(name);
  }
  return events;
}

const overlapped = (events: string[]) => events.indexOf('records start') < events.indexOf('update end');

async function snapshot(organizationId: string, identifier: string) {
  return (await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.telemetryLatest(organizationId, identifier), ConsistentRead: true }))).Item;
}
async function record(organizationId: string, identifier: string, timestamp: string) {
  // Its own item or a chunk's record (a batch's records are stored in chunk items).
  return storedRecord(organizationId, identifier, timestamp, 'rest');
}

describe('records written beside the snapshot update when no refusal is possible', () => {
  it('a device first seen, and any new name, are written in order; known names are written in parallel (one record and batches)', async () => {
    const { org } = await newOrg();
    const store = (secondsAgo: number, measurements: Record<string, number>) => storeRecords(org.organizationId, 'PAR-1', [{ timestamp: at(secondsAgo), measurements }], 'rest', options);
    const first = await writeOrder(() => store(60, { temperature: 20, humidity: 40 }));
    expect(first).toEqual(['update start', 'update end', 'records start', 'records end']);
    const known = await writeOrder(() => store(59, { temperature: 21 }));
    expect(overlapped(known)).toBe(true);
    const newName = await writeOrder(() => store(58, { temperature: 22, pressure: 1000 }));
    expect(overlapped(newName)).toBe(false);
    // A batch of known names: its BatchWriteItem goes beside the update too.
    const batch = Array.from({ length: 30 }, (_, i) => ({ timestamp: at(50 - i), measurements: { temperature: 23 + i, pressure: 999 } }));
    expect(overlapped(await writeOrder(() => storeRecords(org.organizationId, 'PAR-1', batch, 'rest', options)))).toBe(true);
    // Everything stored, and the snapshot holds the newest value of each name.
    for (const s of [60, 59, 58, 50, 21]) expect(await record(org.organizationId, 'PAR-1', at(s))).toBeDefined();
    const latest = await snapshot(org.organizationId, 'PAR-1');
    expect((latest?.['M#temperature'] as { v: number; t: string }).t).toBe(at(21));
    expect((latest?.['M#humidity'] as { v: number }).v).toBe(40);
  }, 60_000);

  it(`a device with more than ${KNOWN_NAMES_SET_MAX} names is not remembered (the hint's memory stays bounded): always in order`, async () => {
    const { org } = await newOrg();
    const wide = Object.fromEntries(Array.from({ length: KNOWN_NAMES_SET_MAX + 1 }, (_, i) => [`m_${i}`, i]));
    await storeRecords(org.organizationId, 'PAR-5', [{ timestamp: at(60), measurements: wide }], 'rest', options);
    expect(overlapped(await writeOrder(() => storeRecords(org.organizationId, 'PAR-5', [{ timestamp: at(59), measurements: wide }], 'rest', options)))).toBe(false);
    // Exactly at the limit it is remembered.
    const atLimit = Object.fromEntries(Array.from({ length: KNOWN_NAMES_SET_MAX }, (_, i) => [`m_${i}`, i]));
    await storeRecords(org.organizationId, 'PAR-6', [{ timestamp: at(60), measurements: atLimit }], 'rest', options);
    expect(overlapped(await writeOrder(() => storeRecords(org.organizationId, 'PAR-6', [{ timestamp: at(59), measurements: atLimit }], 'rest', options)))).toBe(true);
  }, 60_000);

  it('an older record written in parallel never moves the snapshot back', async () => {
    const { org } = await newOrg();
    await storeRecords(org.organizationId, 'PAR-2', [{ timestamp: at(10), measurements: { temperature: 30 } }], 'rest', options);
    const late = await writeOrder(() => storeRecords(org.organizationId, 'PAR-2', [{ timestamp: at(20), measurements: { temperature: 10 } }], 'rest', options));
    expect(late[0]).toBe('update start');
    expect(late).toContain('records start');
    expect(await record(org.organizationId, 'PAR-2', at(20))).toBeDefined();
    expect((await snapshot(org.organizationId, 'PAR-2'))?.['M#temperature']).toMatchObject({ v: 30, t: at(10) });
  }, 60_000);

  it('at the cap, filled by another writer behind the hint: known names still flow, a new name is refused and its record not stored', async () => {
    const { org } = await newOrg();
    await storeRecords(org.organizationId, 'PAR-3', [{ timestamp: at(100), measurements: { temperature: 20 } }], 'rest', options);
    // Another process adds names up to the cap (this process's hint still says { temperature }).
    const others = Array.from({ length: MAX_MEASUREMENT_NAMES_PER_DEVICE - 1 }, (_, i) => `other_${i}`);
    await documentClient().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.telemetryLatest(org.organizationId, 'PAR-3'), UpdateExpression: 'ADD #n :n', ExpressionAttributeNames: { '#n': 'names' }, ExpressionAttributeValues: { ':n': new Set(others) } }),
    );
    const known = await writeOrder(() => storeRecords(org.organizationId, 'PAR-3', [{ timestamp: at(90), measurements: { temperature: 21 } }], 'rest', options));
    expect(overlapped(known)).toBe(true);
    expect((await snapshot(org.organizationId, 'PAR-3'))?.['M#temperature']).toMatchObject({ v: 21 });
    const fresh = { timestamp: at(80), measurements: { temperature: 22, brand_new: 1 } };
    const refused = await writeOrder(() => expect(storeRecords(org.organizationId, 'PAR-3', [fresh], 'rest', options)).rejects.toThrow(CAP_ERROR));
    expect(refused).not.toContain('records start');
    expect(await record(org.organizationId, 'PAR-3', fresh.timestamp)).toBeUndefined();
    expect((await snapshot(org.organizationId, 'PAR-3'))?.['M#temperature']).toMatchObject({ v: 21 });
  }, 60_000);

  it('a failed update beside a written record is repaired by the retry', async () => {
    const { org } = await newOrg();
    await storeRecords(org.organizationId, 'PAR-4', [{ timestamp: at(100), measurements: { temperature: 20 } }], 'rest', options);
    const reading = [{ timestamp: at(50), measurements: { temperature: 25 } }];
    const failed = await writeOrder(() => expect(storeRecords(org.organizationId, 'PAR-4', reading, 'rest', options)).rejects.toThrow('simulated failure'), true);
    expect(failed).toContain('records start');
    // The record may be there without the snapshot having moved: the caller's retry writes both.
    expect((await snapshot(org.organizationId, 'PAR-4'))?.['M#temperature']).toMatchObject({ v: 20 });
    await storeRecords(org.organizationId, 'PAR-4', reading, 'rest', options);
    expect(await record(org.organizationId, 'PAR-4', at(50))).toMatchObject({ m: { temperature: 25 } });
    expect((await snapshot(org.organizationId, 'PAR-4'))?.['M#temperature']).toMatchObject({ v: 25, t: at(50) });
  }, 60_000);
});
