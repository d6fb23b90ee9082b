import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { listIncidents } from '../anomaly/incident.repository';
import type { IncidentView } from '../anomaly/anomaly.schema';
import { connectionFromItem } from '../connector/connector.repository';
import type { ConnectionView } from '../connector/connector.schema';
import { getCustomerWithDevices } from '../customer/customer.repository';
import { getDeviceWithOwnerIds } from '../device/device.repository';
import { getDeviceAndLatest, queryRecords, type LatestValue } from '../telemetry/telemetry.repository';
import type { Diagnosis } from './diagnosis.schema';

/**
 * What a diagnosis is made from: the ticket, and for each device concerned (the proactive
 * ticket's device, else the customer's devices) its latest telemetry, its recent records, its
 * crash-reporting connection and its open incidents. Read-only; 4 requests per device.
 */

/** Devices looked at per ticket: a customer with a fleet gets the first ten (by identifier). */
export const MAX_DEVICES = 10;
/** Recent records read per device (newest first) for trends. */
export const RECENT_RECORDS = 20;
const OPEN_INCIDENTS = 5;

export interface DeviceContext {
  identifier: string;
  type: string | null;
  latest: Record<string, LatestValue>;
  /** Newest telemetry timestamp, any source. */
  lastTelemetryAt: string | null;
  /** Newest first. */
  recent: { timestamp: string; measurements: Record<string, number> }[];
  connection: ConnectionView | null;
  openIncidents: IncidentView[];
}

export interface TicketFacts {
  ticketId: string;
  title: string;
  description: string;
  source: string;
  customerId: string | null;
  deviceIdentifier: string | null;
  incidentId: string | null;
  diagnosis?: Diagnosis;
  /** The ticket's version when read (0 for items from before versions); the diagnosis is stored only at it. */
  version: number;
}

export interface DiagnosisContext {
  organizationId: string;
  ticket: TicketFacts;
  devices: DeviceContext[];
  now: number;
}

/** The ticket's fields a diagnosis needs (consistent GetItem), or undefined. */
export async function readTicketFacts(organizationId: string, ticketId: string): Promise<TicketFacts | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.ticket(organizationId, ticketId), ConsistentRead: true }));
  const item = out.Item;
  if (!item) return undefined;
  return {
    ticketId,
    title: String(item.title ?? ''),
    description: String(item.description ?? ''),
    source: String(item.source ?? 'api'),
    customerId: (item.customerId as string | null | undefined) ?? null,
    deviceIdentifier: (item.deviceIdentifier as string | null | undefined) ?? null,
    incidentId: (item.incidentId as string | null | undefined) ?? null,
    diagnosis: item.diagnosis as Diagnosis | undefined,
    version: typeof item.version === 'number' ? item.version : 0,
  };
}

/**
 * Open incidents of a device. The incident repository belongs to anomaly detection; a failure
 * there leaves the diagnosis without incidents rather than without a diagnosis.
 */
async function openIncidents(organizationId: string, identifier: string): Promise<IncidentView[]> {
  try {
    return (await listIncidents(organizationId, identifier, { status: 'open', limit: OPEN_INCIDENTS })).incidents.map(({ sk: _sk, ...incident }) => incident);
  } catch {
    return [];
  }
}

async function deviceContext(organizationId: string, identifier: string, now: number): Promise<DeviceContext | undefined> {
  const [found, telemetry, history, incidents] = await Promise.all([
    getDeviceWithOwnerIds(organizationId, identifier),
    getDeviceAndLatest(organizationId, identifier, Math.floor(now / 1000)),
    queryRecords(organizationId, identifier, { lowSk: '0', highSk: '9999-12-31T23:59:59.999Z#~', ascending: false, limit: RECENT_RECORDS, nowEpochSeconds: Math.floor(now / 1000) }),
    openIncidents(organizationId, identifier),
  ]);
  if (!found && telemetry.latest.size === 0) return undefined;
  const latest: Record<string, LatestValue> = Object.fromEntries(telemetry.latest);
  const lastTelemetryAt = Object.values(latest).reduce<string | null>((max, v) => (max === null || v.timestamp > max ? v.timestamp : max), null);
  return {
    identifier,
    type: found?.device.type ?? null,
    latest,
    lastTelemetryAt,
    recent: history.records.map(({ timestamp, measurements }) => ({ timestamp, measurements })),
    connection: found?.connectionItem ? connectionFromItem(found.connectionItem) : null,
    openIncidents: incidents,
  };
}

/** Gathers the context of a ticket (see the module comment). */
export async function gatherContext(organizationId: string, ticket: TicketFacts, now = Date.now()): Promise<DiagnosisContext> {
  let identifiers: string[] = [];
  if (ticket.deviceIdentifier) identifiers = [ticket.deviceIdentifier];
  else if (ticket.customerId) identifiers = ((await getCustomerWithDevices(organizationId, ticket.customerId))?.devices ?? []).sort().slice(0, MAX_DEVICES);
  const devices = await Promise.all(identifiers.map((identifier) => deviceContext(organizationId, identifier, now)));
  return { organizationId, ticket, devices: devices.filter((d): d is DeviceContext => d !== undefined), now };
}
