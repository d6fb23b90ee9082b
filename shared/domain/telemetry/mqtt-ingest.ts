import { randomUUID } from 'node:crypto';
import { DomainError } from '../errors';
import { findOrganizationContext } from '../organization/organization.service';
import type { IotTelemetryEvent } from './mqtt';
import { putRejectedMessage } from './telemetry.repository';
import { DEVICE_IDENTIFIER_REQUIRED } from './telemetry.limits';
import { TelemetryDeviceIdentifier } from './telemetry-body';
import { ingestTelemetry, type IngestResult } from './telemetry.service';

/**
 * One MQTT message (as the IoT topic rule or the local broker delivers it) → telemetry. A message
 * that can never be stored (not JSON, a bad measurement, a bad identifier in the topic) is kept as
 * a rejected message with its reason and the call returns normally, so it is not retried; any
 * other failure throws, and the platform retries it and then parks it in the dead-letter queue.
 */

export const INVALID_MQTT_JSON = 'Invalid JSON payload';
export const IDENTIFIER_MISMATCH = 'deviceIdentifier in the payload does not match the topic';
export const unknownOrganization = (organizationId: string) => `Unknown organization in topic: ${organizationId.slice(0, 64)}`;
/** Rejected messages are evidence for the operator, not records: kept two weeks. */
const REJECTED_TTL_SECONDS = 14 * 86_400;
/** Enough of a refused payload to see what was wrong without storing a whole 128 KB message. */
const REJECTED_PAYLOAD_CHARS = 4096;

export type MqttIngestOutcome = ({ status: 'stored' } & IngestResult) | { status: 'rejected'; reason: string };

function decodePayload(base64: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function ingestMqttMessage(event: IotTelemetryEvent): Promise<MqttIngestOutcome> {
  const org = await findOrganizationContext(String(event.organizationId ?? ''));
  // No organization to file it under: fail loudly so the platform's dead-letter queue keeps it with this reason.
  if (!org) throw new Error(unknownOrganization(String(event.organizationId ?? '')));
  const receivedAtMs = Number.isSafeInteger(event.receivedAt) ? event.receivedAt : Date.now();

  const reject = async (reason: string): Promise<MqttIngestOutcome> => {
    await putRejectedMessage(org.organizationId, {
      messageId: randomUUID(),
      receivedAt: new Date(receivedAtMs).toISOString(),
      topic: String(event.topic ?? '').slice(0, 512),
      reason,
      payload: Buffer.from(String(event.payload ?? ''), 'base64').toString('utf8').slice(0, REJECTED_PAYLOAD_CHARS),
      expiresAt: Math.floor(Date.now() / 1000) + REJECTED_TTL_SECONDS,
    });
    return { status: 'rejected', reason };
  };

  const identifier = TelemetryDeviceIdentifier.safeParse(event.deviceIdentifier);
  if (!identifier.success) return reject(identifier.error.issues[0]?.message ?? DEVICE_IDENTIFIER_REQUIRED);
  const payload = decodePayload(String(event.payload ?? ''));
  if (!payload) return reject(INVALID_MQTT_JSON);
  if (payload.deviceIdentifier !== undefined && payload.deviceIdentifier !== identifier.data) return reject(IDENTIFIER_MISMATCH);
  try {
    return { status: 'stored', ...(await ingestTelemetry(org, identifier.data, payload, 'mqtt', receivedAtMs)) };
  } catch (error) {
    if (error instanceof DomainError) return reject(error.message);
    throw error;
  }
}
