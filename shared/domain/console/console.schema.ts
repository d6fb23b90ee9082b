import * as z from 'zod/mini';
import { IncidentResource } from '../anomaly/anomaly.schema';
import { CustomerResource } from '../customer/customer.schema';
import { DeviceWithOwners } from '../device/device.schema';
import { LatestTelemetryResponse } from '../telemetry/telemetry.schema';
import { TicketResource } from '../ticket/ticket.schema';
import { QUEUE_VIEWS } from './console.limits';

/**
 * Response shapes of the console routes (`/api/console/v1`), composed from the resources the
 * external API returns. The console imports these types (never a hand-written copy), so a server
 * change that breaks the console breaks the type check.
 */

// Constants and texts live in a zod-free module (the console's page services import them from there, so
// their bundles do not build these response schemas at load: docs/performance.md, "Zod only where something parses").
export * from './console.limits';
export * from './console-bodies';

/** 200 of GET /api/console/v1/tickets: one view's tickets after the filters, and every view's count. */
export const QueueResponse = z.object({
  view: z.enum(QUEUE_VIEWS),
  tickets: z.array(TicketResource),
  counts: z.record(z.enum(QUEUE_VIEWS), z.number()),
  /** The filter values present in the scanned tickets (for the filter menus). */
  facets: z.object({ categories: z.array(z.string()), assignees: z.array(z.string()) }),
  /** True when the organization has more tickets than the queue reads (the oldest are left out). */
  truncated: z.boolean(),
});
export type QueueResponse = z.infer<typeof QueueResponse>;

/** A device as the ticket and customer pages show it: the health badge comes from open incidents and last seen. */
export const DeviceHealth = z.object({
  identifier: z.string(),
  type: z.nullable(z.string()),
  lastSeenAt: z.nullable(z.string()),
  openIncidents: z.number(),
  health: z.enum(['ok', 'incident', 'silent', 'unknown']),
});
export type DeviceHealth = z.infer<typeof DeviceHealth>;

/** Columnar time series for uPlot: `t` in epoch seconds, one array per measurement (null where a record lacks it). */
export const Series = z.object({
  t: z.array(z.number()),
  values: z.record(z.string(), z.array(z.nullable(z.number()))),
  truncated: z.boolean(),
});
export type Series = z.infer<typeof Series>;

/** 200 of GET /api/console/v1/tickets/{ticketId}: everything the ticket page shows, in one request. */
export const TicketPageResponse = z.object({
  ticket: TicketResource,
  customer: z.nullable(CustomerResource),
  devices: z.array(DeviceHealth),
  incident: z.nullable(IncidentResource),
  /** The incident's measurement around the incident (proactive tickets). */
  incidentSeries: z.nullable(Series),
});
export type TicketPageResponse = z.infer<typeof TicketPageResponse>;

/** 200 of GET /api/console/v1/devices/{identifier}. */
export const DevicePageResponse = z.object({
  device: DeviceWithOwners,
  latest: LatestTelemetryResponse,
  incidents: z.array(IncidentResource),
  tickets: z.array(TicketResource),
});
export type DevicePageResponse = z.infer<typeof DevicePageResponse>;

/** 200 of GET /api/console/v1/customers/{customerId}. */
export const CustomerPageResponse = z.object({ customer: CustomerResource, devices: z.array(DeviceHealth), tickets: z.array(TicketResource) });
export type CustomerPageResponse = z.infer<typeof CustomerPageResponse>;

export const SearchResponse = z.object({
  results: z.array(z.object({ kind: z.enum(['ticket', 'customer', 'device']), id: z.string(), label: z.string() })),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/** 200 of GET /api/console/v1/settings/developer: the key is stored hashed, so only its prefix and age can be shown. */
export const DeveloperSettingsResponse = z.object({ keyMasked: z.string(), keyCreatedAt: z.string() });
export type DeveloperSettingsResponse = z.infer<typeof DeveloperSettingsResponse>;

/** 200 of POST /api/console/v1/settings/developer/regenerate: the new key, shown this once. */
export const RegenerateKeyResponse = z.object({ apiKey: z.string(), keyCreatedAt: z.string() });
export type RegenerateKeyResponse = z.infer<typeof RegenerateKeyResponse>;
