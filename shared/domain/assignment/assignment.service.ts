import { BadRequestError, NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import * as customers from '../customer/customer.repository';
import * as devices from '../device/device.repository';
import * as repo from './assignment.repository';
import {
  CUSTOMER_NOT_FOUND_IN_ORG,
  DEVICE_NOT_ASSIGNED,
  DEVICE_NOT_FOUND_AUTO_CREATE,
  NO_VALID_DEVICES,
  type AssignDevicesToOwnerInput,
  type AssignDeviceToOwnersInput,
  type AssignedDevice,
  type UnassignDeviceFromOwnerInput,
  type UnassignDevicesFromOwnerInput,
} from './assignment.schema';

/**
 * Customer ids for normalised emails, creating the missing customers (name = email prefix) in
 * batched conditional transactions; `known` comes from one batched read. An email created
 * concurrently comes back with the existing id, so exactly one caller sees `wasCreated: true`.
 */
async function findOrCreateCustomers(organizationId: string, emails: string[], known: Map<string, string>) {
  const missing = emails.filter((email) => !known.has(email));
  const created = missing.length > 0 ? await customers.createCustomersIfMissing(organizationId, missing) : new Map<string, { customerId: string; created: boolean }>();
  return emails.map((email) => {
    const existingId = known.get(email);
    if (existingId) return { email, customerId: existingId, wasCreated: false };
    const made = created.get(email);
    if (!made) throw new Error('Customer creation returned no result');
    return { email, customerId: made.customerId, wasCreated: made.created };
  });
}

/**
 * POST /deviceAssignment/assignDeviceToOwners (spec 4.6). Reads the device with its owner links
 * (one query) and the customers' email guards (one BatchGetItem) side by side; a missing device
 * is a 404 before anything is written. Then: device creation if asked, customer creation for new
 * emails, and the links not already present in conditional transactions.
 */
export async function assignDeviceToOwners(org: OrgContext, input: AssignDeviceToOwnersInput) {
  const orgId = org.organizationId;
  const identifier = input.deviceIdentifier;
  const [found, known] = await Promise.all([
    devices.getDeviceWithOwnerIds(orgId, identifier),
    customers.findCustomerIdsByEmails(orgId, input.emails),
  ]);

  let device: { identifier: string; deviceId: string };
  let deviceWasCreated = false;
  if (found) {
    device = { identifier, deviceId: found.device.deviceId };
  } else {
    if (!input.autoCreateDevice || !input.deviceType) throw new NotFoundError(DEVICE_NOT_FOUND_AUTO_CREATE);
    const created = (await devices.createDevicesIfMissing(orgId, [identifier], input.deviceType)).get(identifier);
    if (!created) throw new Error('Device creation returned no result');
    device = { identifier, deviceId: created.deviceId };
    deviceWasCreated = created.created;
  }

  const assignedCustomers = await findOrCreateCustomers(orgId, input.emails, known);
  const owners = new Set(found?.ownerIds ?? []);
  const toLink = [...new Set(assignedCustomers.map((c) => c.customerId))].filter((id) => !owners.has(id));
  if (toLink.length > 0) await repo.linkDeviceToCustomers(orgId, device, toLink);

  return {
    success: true,
    message: `Successfully assigned device to ${assignedCustomers.length} customer(s)`,
    deviceId: device.deviceId,
    deviceWasCreated,
    assignedCustomers,
  };
}

/** The customer of a normalised email, created when missing; `wasCreated` only for the creator. */
async function findOrCreateCustomer(organizationId: string, email: string, knownId: string | undefined) {
  const [customer] = await findOrCreateCustomers(organizationId, [email], new Map(knownId ? [[email, knownId]] : []));
  return customer as { email: string; customerId: string; wasCreated: boolean };
}

/**
 * POST /deviceAssignment/assignDevicesToOwner (spec 4.7). Devices are read in BatchGetItems of
 * 100 beside the customer lookup; with no usable device the call is a 400 before anything is
 * written. Missing devices are created in transactions of 100 when asked, existing links are
 * read in BatchGetItems of 100 (skipped for a customer this call created), and new links are
 * written 50 to a transaction, all chunks side by side.
 */
export async function assignDevicesToOwner(org: OrgContext, input: AssignDevicesToOwnerInput) {
  const orgId = org.organizationId;
  const identifiers = input.deviceIdentifiers;
  const [existing, knownCustomerId] = await Promise.all([
    devices.findDeviceIds(orgId, identifiers),
    customers.findCustomerIdByEmail(orgId, input.email),
  ]);
  const missing = identifiers.filter((id) => !existing.has(id));
  const createMissing = input.autoCreateDevices && input.deviceType !== undefined && missing.length > 0;
  if (existing.size === 0 && !createMissing) throw new BadRequestError(NO_VALID_DEVICES);

  const [customer, created] = await Promise.all([
    findOrCreateCustomer(orgId, input.email, knownCustomerId),
    createMissing ? devices.createDevicesIfMissing(orgId, missing, input.deviceType as string) : new Map<string, { deviceId: string; created: boolean }>(),
  ]);

  const usable: AssignedDevice[] = [];
  const skipped: string[] = [];
  for (const identifier of identifiers) {
    const deviceId = existing.get(identifier);
    const made = created.get(identifier);
    if (deviceId) usable.push({ identifier, deviceId, wasCreated: false });
    else if (made) usable.push({ identifier, deviceId: made.deviceId, wasCreated: made.created });
    else skipped.push(identifier);
  }

  const linkedBefore = customer.wasCreated
    ? new Set<string>()
    : await repo.linkedAmongDevicesOfCustomer(orgId, customer.customerId, usable.map((d) => d.identifier));
  const { linked } = await repo.linkDevicesToCustomer(orgId, customer.customerId, usable.filter((d) => !linkedBefore.has(d.identifier)));
  const linkedNow = new Set(linked);
  const assignedDevices = usable.filter((d) => linkedNow.has(d.identifier));
  const alreadyAssigned = usable.filter((d) => !linkedNow.has(d.identifier));

  return {
    success: true,
    message: `Successfully assigned ${assignedDevices.length + alreadyAssigned.length} device(s) to customer`,
    customerId: customer.customerId,
    customerWasCreated: customer.wasCreated,
    assignedDevices,
    alreadyAssigned,
    skipped,
  };
}

/** The customer id of a normalised email, or 404 `Customer not found for this organization`. */
async function requireCustomerId(organizationId: string, email: string): Promise<string> {
  const customerId = await customers.findCustomerIdByEmail(organizationId, email);
  if (!customerId) throw new NotFoundError(CUSTOMER_NOT_FOUND_IN_ORG);
  return customerId;
}

/**
 * POST /deviceAssignment/unassignDeviceFromOwner (spec 4.8): email guard GetItem, one query of
 * the customer's links, one conditional transaction. A concurrent unassign of the same pair
 * makes exactly one call succeed; the other gets the 400 with the devices left.
 */
export async function unassignDeviceFromOwner(org: OrgContext, input: UnassignDeviceFromOwnerInput) {
  const orgId = org.organizationId;
  const { deviceIdentifier } = input;
  const customerId = await requireCustomerId(orgId, input.email);
  const current = await repo.linkedDevicesOfCustomer(orgId, customerId);
  const remaining = current.filter((id) => id !== deviceIdentifier);
  const notAssigned = () => new BadRequestError(DEVICE_NOT_ASSIGNED, { customerId, deviceIdentifier, currentDevices: remaining });
  if (remaining.length === current.length) throw notAssigned();
  const { unlinked } = await repo.unlinkDevicesFromCustomer(orgId, customerId, [deviceIdentifier]);
  if (unlinked.length === 0) throw notAssigned();
  return {
    success: true,
    message: 'Device successfully unassigned from customer',
    customerId,
    deviceIdentifier,
    devicesRemaining: remaining,
  };
}

/**
 * POST /deviceAssignment/unassignDevicesFromOwner (spec 4.9): email guard GetItem, one query of
 * the customer's links, then the assigned ones removed 50 to a transaction. Identifiers not
 * assigned (or removed first by a concurrent call) are `skipped`.
 */
export async function unassignDevicesFromOwner(org: OrgContext, input: UnassignDevicesFromOwnerInput) {
  const orgId = org.organizationId;
  const customerId = await requireCustomerId(orgId, input.email);
  const current = new Set(await repo.linkedDevicesOfCustomer(orgId, customerId));
  const assigned = input.deviceIdentifiers.filter((id) => current.has(id));
  const { unlinked } = assigned.length > 0 ? await repo.unlinkDevicesFromCustomer(orgId, customerId, assigned) : { unlinked: [] };
  const removed = new Set(unlinked);
  const unassignedDevices = input.deviceIdentifiers.filter((id) => removed.has(id));
  return {
    success: true,
    message: `Successfully unassigned ${unassignedDevices.length} device(s) from customer`,
    customerId,
    unassignedDevices,
    skipped: input.deviceIdentifiers.filter((id) => !removed.has(id)),
    devicesRemaining: [...current].filter((id) => !removed.has(id)),
  };
}
