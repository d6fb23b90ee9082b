import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import type { TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { upsertDevice } from '../../shared/domain/device/device.service';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';

/**
 * One upload as the stream delivers it: the batch stored at `at` (REST), then the detector run for the
 * device's lane with the batch's records, each received at `at`.
 */
export async function uploadAndDetect(org: OrgContext, identifier: string, batch: TelemetryPoint[], at: number) {
  await storeTelemetry(org, { deviceIdentifier: identifier, records: batch.map((p) => ({ timestamp: new Date(p.t).toISOString(), measurements: p.m })) }, 'rest', at);
  return anomaly.detectForDevice(org.organizationId, identifier, at, ['device'], { device: batch.map((p) => ({ ...p, receivedAt: at })) });
}

/**
 * A device that reported every 5 minutes for an hour ending 65 minutes before `now` (each report stored
 * at `now` and evaluated as it arrived), then went silent: its last report, and when the sweep finds it
 * overdue (`last + 45 min`).
 */
export async function silentDevice(org: OrgContext, identifier: string, now: number): Promise<{ last: number; due: number }> {
  await upsertDevice(org, { identifier, type: 'sensor' });
  const start = now - 120 * 60_000;
  for (let i = 0; i < 12; i++) {
    const t = start + i * 5 * 60_000;
    await storeTelemetry(org, { deviceIdentifier: identifier, records: [{ timestamp: new Date(t).toISOString(), measurements: { temperature: 20 + (i % 3) } }] }, 'rest', now);
    await anomaly.detectForDevice(org.organizationId, identifier, t + 1000);
  }
  return { last: start + 55 * 60_000, due: start + 100 * 60_000 };
}
