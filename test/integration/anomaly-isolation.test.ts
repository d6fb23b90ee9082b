import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import { upsertDevice } from '../../shared/domain/device/device.service';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/**
 * Issue 23 #2 and #3: one device (or one organization) must not stop detection for the others,
 * and the crash lane must see its records however often the device reports.
 */

const MIN = 60_000;
// Every series ends a little before the real clock: ingestion refuses timestamps in the future.
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

/** `n` one-minute device readings ending at `end`. */
const readings = (n: number, end: number) =>
  Array.from({ length: n }, (_, i) => ({ timestamp: iso(end - (n - 1 - i) * MIN), measurements: { temperature: 21 + 0.3 * Math.sin(i) } }));

describe('issue 23 #3: the crash-burst rule on a device that reports often', () => {
  it.each([100, 600])('%i device records in the window: crashes_24h = 9 opens the built-in incident', async (n) => {
    const { org } = await newOrg();
    const identifier = `BUSY-${n}`;
    await upsertDevice(org, { identifier, type: 'sensor' });
    // The device's own reports fill the first pages of its partition; the sync's record comes last.
    await storeTelemetry(org, { deviceIdentifier: identifier, records: readings(n, NOW - 2 * MIN) }, 'rest', NOW);
    await storeTelemetry(org, { deviceIdentifier: identifier, records: [{ timestamp: iso(NOW), measurements: { crashes_24h: 9, reboots_24h: 9 } }] }, 'crash', NOW);
    const result = await anomaly.detectForDevice(org.organizationId, identifier, NOW + 1000, ['crash']);
    expect(result.opened).toHaveLength(1);
    const { incidents } = await anomaly.listDeviceIncidents(org as OrgContext, identifier, {});
    expect(incidents).toEqual([expect.objectContaining({ kind: 'threshold', measurement: 'crashes_24h', status: 'open' })]);
  }, 60_000);
});
