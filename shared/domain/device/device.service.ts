import { BadRequestError, NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import { fitsKeyPart } from '../common.schema';
import { getCustomerSummaries } from '../customer/customer.repository';
import { connectionFromItem } from '../connector/connector.repository';
import type { ConnectionView } from '../connector/connector.schema';
import * as repo from './device.repository';
import {
  DEVICE_IDENTIFIER_MAX,
  DEVICE_NOT_FOUND,
  TYPE_REQUIRED,
} from './device.limits';
import type { BulkMetadataInput, BulkMetadataResult, Device, UpsertDeviceInput } from './device.schema';

/** Whether a trimmed identifier is within the limits a stored device's identifier has (characters, key bytes, well-formed). */
const isStorableIdentifier = (identifier: string) => identifier.length <= DEVICE_IDENTIFIER_MAX && fitsKeyPart('deviceIdentifier', identifier);

/** POST /device: create when new (type required), otherwise update the given fields. */
export async function upsertDevice(org: OrgContext, input: UpsertDeviceInput) {
  const result = await repo.upsertDevice(org.organizationId, input);
  if (!result) throw new BadRequestError(TYPE_REQUIRED);
  const { device, created } = result;
  return {
    success: true,
    message: created ? 'Device created successfully' : 'Device updated successfully',
    deviceId: device.deviceId,
    identifier: device.identifier,
    type: device.type,
  };
}

/** GET /device/{identifier}: the device, its owners and its crash-reporting connection (null when not connected). */
export async function getDevice(
  org: OrgContext,
  rawIdentifier: string | undefined,
): Promise<Device & { owners: { customerId: string; email: string }[]; connection: ConnectionView | null }> {
  const identifier = rawIdentifier?.trim() ?? '';
  // No device can have an identifier outside the limits, and its key could not be built.
  if (identifier === '' || !isStorableIdentifier(identifier)) throw new NotFoundError(DEVICE_NOT_FOUND);
  const found = await repo.getDeviceWithOwnerIds(org.organizationId, identifier);
  if (!found) throw new NotFoundError(DEVICE_NOT_FOUND);
  const owners = await getCustomerSummaries(org.organizationId, found.ownerIds);
  return { ...found.device, owners, connection: found.connectionItem ? connectionFromItem(found.connectionItem) : null };
}

/**
 * POST /device/bulk-metadata: replace (not merge) metadata of existing devices. Costs
 * ceil(n/100) consistent BatchGetItem calls plus ceil(n/100) transactions, whatever n is.
 * A key that appears twice after trimming gets the last value, and both entries report it.
 */
export async function bulkReplaceMetadata(org: OrgContext, input: BulkMetadataInput) {
  const entries = Object.entries(input.devices).map(([key, metadata]) => ({ identifier: key.trim(), metadata }));
  const lookable = [
    ...new Set(entries.map((e) => e.identifier).filter((id) => id !== '' && isStorableIdentifier(id))),
  ];
  const existing = lookable.length > 0 ? await repo.findDeviceIds(org.organizationId, lookable) : new Map<string, string>();

  const latest = new Map<string, string>();
  for (const { identifier, metadata } of entries) {
    if (existing.has(identifier)) latest.set(identifier, JSON.stringify(metadata));
  }
  const now = new Date().toISOString();
  if (latest.size > 0) {
    await repo.replaceMetadata(
      org.organizationId,
      [...latest].map(([identifier, propertiesJson]) => ({ identifier, propertiesJson })),
      now,
    );
  }

  const results: BulkMetadataResult[] = entries.map(({ identifier }) => {
    const deviceId = existing.get(identifier);
    return deviceId ? { identifier, deviceId, status: 'updated' } : { identifier, deviceId: '', status: 'not_found' };
  });
  const updated = results.filter((r) => r.status === 'updated').length;
  return { success: true, updated, notFound: results.length - updated, results };
}
