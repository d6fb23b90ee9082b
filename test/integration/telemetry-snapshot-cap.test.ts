import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { storeRecords } from '../../shared/domain/telemetry/telemetry.repository';
import { MAX_MEASUREMENT_NAMES_PER_DEVICE } from '../../shared/domain/telemetry/telemetry.schema';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/** Issue 23 #4: the per-device cap on measurement names, checked before anything is written. */

const CAP_ERROR = `Too many distinct measurement names for device`;
const now = Date.now();
const options = { receivedAt: new Date(now).toISOString(), expiresAt: () => Math.floor(now / 1000) + 3600 };
const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
/** `count` names `<prefix>_<n>` with value `value`. */
const named = (prefix: string, from: number, count: number, value = 1) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}_${from + i}`, value]));

/** The raw snapshot item and the device's record items (consistent reads). */
async function stored(organizationId: string, identifier: string) {
  const latest = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.telemetryLatest(organizationId, identifier), ConsistentRead: true }));
  const names = Object.keys(latest.Item ?? {}).filter((a) => a.startsWith('M#'));
  return { names, item: latest.Item };
}

describe('distinct measurement names per device', () => {
  it(`a call of 1,000 records x 100 new names is refused with a 400 naming the cap, and stores nothing (snapshot included)`, async () => {
    const { org } = await newOrg();
    const records = Array.from({ length: 1000 }, (_, r) => ({ timestamp: at(2000 - r), measurements: named(`r${r}`, 0, 100) }));
    await expect(storeRecords(org.organizationId, 'WIDE-1', records, 'rest', options)).rejects.toThrow(`at most ${MAX_MEASUREMENT_NAMES_PER_DEVICE} per device`);
    expect((await stored(org.organizationId, 'WIDE-1')).item).toBeUndefined();
  }, 120_000);

  it('a call that would pass the cap on top of what the device has is refused before anything is written', async () => {
    const { org } = await newOrg();
    // 200 names stored (two records), then a call bringing 100 more.
    await storeRecords(org.organizationId, 'CAP-1', [{ timestamp: at(100), measurements: named('a', 0, 100) }, { timestamp: at(99), measurements: named('a', 100, 100) }], 'rest', options);
    const before = await stored(org.organizationId, 'CAP-1');
    expect(before.names).toHaveLength(200);
    const over = [{ timestamp: at(50), measurements: { ...named('a', 0, 50, 7), ...named('b', 0, 50) } }, { timestamp: at(49), measurements: named('b', 50, 50) }];
    await expect(storeRecords(org.organizationId, 'CAP-1', over, 'rest', options)).rejects.toThrow(CAP_ERROR);
    // Nothing moved: not even the existing names the refused call also carried.
    expect(await stored(org.organizationId, 'CAP-1')).toEqual(before);
  }, 60_000);

  it('up to the cap is accepted; one more name in a single record is refused and that record is not stored', async () => {
    const { org } = await newOrg();
    const fill = Array.from({ length: MAX_MEASUREMENT_NAMES_PER_DEVICE / 64 }, (_, r) => ({ timestamp: at(300 - r), measurements: named('f', r * 64, 64) }));
    await storeRecords(org.organizationId, 'CAP-2', fill, 'rest', options);
    expect((await stored(org.organizationId, 'CAP-2')).names).toHaveLength(MAX_MEASUREMENT_NAMES_PER_DEVICE);
    // Known names keep flowing (the one-record fast path), also at the cap.
    await storeRecords(org.organizationId, 'CAP-2', [{ timestamp: at(10), measurements: named('f', 0, 100, 5) }], 'rest', options);
    const fresh = { timestamp: at(5), measurements: { f_0: 6, brand_new: 1 } };
    await expect(storeRecords(org.organizationId, 'CAP-2', [fresh], 'rest', options)).rejects.toThrow(CAP_ERROR);
    const after = await stored(org.organizationId, 'CAP-2');
    expect(after.names).toHaveLength(MAX_MEASUREMENT_NAMES_PER_DEVICE);
    expect((after.item?.['M#f_0'] as { v: number }).v).toBe(5);
    const record = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.telemetryRecord(org.organizationId, 'CAP-2', fresh.timestamp, 'rest'), ConsistentRead: true }));
    expect(record.Item).toBeUndefined();
  }, 60_000);
});
