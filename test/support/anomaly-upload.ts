import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import type { TelemetryPoint } from '../../shared/domain/anomaly/device-evaluation';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';

/**
 * One upload as the stream delivers it: the batch stored at `at` (REST), then the detector run for the
 * device's lane with the batch's records, each received at `at`.
 */
export async function uploadAndDetect(org: OrgContext, identifier: string, batch: TelemetryPoint[], at: number) {
  await storeTelemetry(org, { deviceIdentifier: identifier, records: batch.map((p) => ({ timestamp: new Date(p.t).toISOString(), measurements: p.m })) }, 'rest', at);
  return anomaly.detectForDevice(org.organizationId, identifier, at, ['device'], { device: batch.map((p) => ({ ...p, receivedAt: at })) });
}
