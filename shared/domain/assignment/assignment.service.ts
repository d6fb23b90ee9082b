import { randomUUID } from 'node:crypto';
import { BadRequestError, NotFoundError } from '../errors';
import { logger } from '../../logging/logger';
import type { OrgContext } from '../organization/organization.schema';
import * as customers from '../customer/customer.repository';
import * as devices from '../device/device.repository';
import * as repo from './assignment.repository';
import { deleteEmptySnapshots } from '../telemetry/owner-snapshot';
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
 * What one assignment call tried to create, tagged with its operation id. Devices, customers and
 * their links cannot share one transaction (up to 401 items), so a call that fails after writing
 * undoes exactly its own creations ({@link undo}): what another request created or linked
 * meanwhile is never touched, and an entity another request linked to meanwhile stays.
 */
interface Creations {
  op: string;
  devices: string[];
  emails: string[];
  links: { customerId: string; identifier: string }[];
}

const newCreations = (): Creations => ({ op: randomUUID(), devices: [], emails: [], links: [] });

/** Links first (they point at the rest), then customers and devices. Never masks the original failure. */
async function undo(organizationId: string, creations: Creations): Promise<void> {
  try {
    await repo.unlinkCreatedBy(organizationId, creations.links, creations.op);
    await Promise.all([
      customers.deleteCustomersCreatedBy(organizationId, creations.emails, creations.op),
      devices.deleteDevicesCreatedBy(organizationId, creations.devices, creations.op),
    ]);
    // The links' snapshot updates created snapshot items that now hold nothing: gone too.
    await deleteEmptySnapshots(organizationId, creations.links.map((link) => link.identifier));
  } catch (error) {
    logger.error('Assignment compensation failed; a retry of the request completes it', error instanceof Error ? error : String(error));
  }
}

/** Runs an assignment's writes; on failure undoes its own creations, then rethrows. */
async function allOrNothing<T>(organizationId: string, write: (creations: Creations) => Promise<T>): Promise<T> {
  const creations = newCreations();
  try {
    return await write(creations);
  } catch (error) {
    await undo(organizationId, creations);
    throw error;
  }
}

/**
 * Customer ids for normalised emails, creating the missing customers (name = email prefix) in
 * batched conditional transactions; `known` comes from one batched read. An email created
 * concurrently comes back with the existing id, so exactly one caller sees `wasCreated: true`.
 */
async function findOrCreateCustomers(organizationId: string, emails: string[], known: Map<string, string>, creations: Creations) {
  const missing = emails.filter((email) => !known.has(email));
  creations.emails.push(...missing);
  const created =
    missing.length > 0
      ? await customers.createCustomersIfMissing(organizationId, missing, creations.op)
      : new Map<string, { customerId: string; created: boolean }>();
  return emails.map((email) => {
    const existingId = known.get(email);
    if (existingId) return { email, customerId: existingId, wasCreated: false };
    const made = created.get(email);
    if (!made) throw new Error('Customer creation returned no result');
    return { email, customerId: made.customerId, wasCreated: made.created };
  });
}

/**
 * The email each customer's link writes onto the device snapshot: the stored (readable) email, as
 * the owner query would return it. A customer this call created was stored with the normalised
 * email; the others are read (one consistent BatchGetItem, only when there are any).
 */
async function ownerEmails(organizationId: string, customers: { customerId: string; email: string; wasCreated: boolean }[]) {
  const toRead = customers.filter((c) => !c.wasCreated).map((c) => c.customerId);
  const stored = new Map(toRead.length > 0 ? (await customerSummaries(organizationId, toRead)).map((s) => [s.customerId, s.email]) : []);
  return customers.map((c) => ({ customerId: c.customerId, email: stored.get(c.customerId) ?? c.email }));
}

const customerSummaries = (organizationId: string, ids: string[]) => customers.getCustomerSummaries(organizationId, ids);

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

  if (!found && (!input.autoCreateDevice || !input.deviceType)) throw new NotFoundError(DEVICE_NOT_FOUND_AUTO_CREATE);
  const deviceType = input.deviceType as string;

  const { device, deviceWasCreated, assignedCustomers } = await allOrNothing(orgId, async (creations) => {
    let device = { identifier, deviceId: found?.device.deviceId ?? '' };
    let deviceWasCreated = false;
    if (!found) {
      creations.devices.push(identifier);
      const created = (await devices.createDevicesIfMissing(orgId, [identifier], deviceType, creations.op)).get(identifier);
      if (!created) throw new Error('Device creation returned no result');
      device = { identifier, deviceId: created.deviceId };
      deviceWasCreated = created.created;
    }
    const assignedCustomers = await findOrCreateCustomers(orgId, input.emails, known, creations);
    const owners = new Set(found?.ownerIds ?? []);
    const toLinkIds = new Set(assignedCustomers.map((c) => c.customerId).filter((id) => !owners.has(id)));
    const toLink = [...new Map(assignedCustomers.filter((c) => toLinkIds.has(c.customerId)).map((c) => [c.customerId, c])).values()];
    creations.links.push(...toLink.map(({ customerId }) => ({ customerId, identifier })));
    if (toLink.length > 0) await repo.linkDeviceToCustomers(orgId, device, await ownerEmails(orgId, toLink), creations.op);
    return { device, deviceWasCreated, assignedCustomers };
  });

  return {
    success: true,
    message: `Successfully assigned device to ${assignedCustomers.length} customer(s)`,
    deviceId: device.deviceId,
    deviceWasCreated,
    assignedCustomers,
  };
}

/** The customer of a normalised email, created when missing; `wasCreated` only for the creator. */
async function findOrCreateCustomer(organizationId: string, email: string, knownId: string | undefined, creations: Creations) {
  const [customer] = await findOrCreateCustomers(organizationId, [email], new Map(knownId ? [[email, knownId]] : []), creations);
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

  const { customer, usable, skipped, linkedNow } = await allOrNothing(orgId, async (creations) => {
    if (createMissing) creations.devices.push(...missing);
    const [customer, created] = await Promise.all([
      findOrCreateCustomer(orgId, input.email, knownCustomerId, creations),
      createMissing
        ? devices.createDevicesIfMissing(orgId, missing, input.deviceType as string, creations.op)
        : new Map<string, { deviceId: string; created: boolean }>(),
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
    const toLink = usable.filter((d) => !linkedBefore.has(d.identifier));
    creations.links.push(...toLink.map((d) => ({ customerId: customer.customerId, identifier: d.identifier })));
    const [owner] = toLink.length > 0 ? await ownerEmails(orgId, [customer]) : [customer];
    const { linked } = await repo.linkDevicesToCustomer(orgId, owner ?? customer, toLink, creations.op);
    return { customer, usable, skipped, linkedNow: new Set(linked) };
  });
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
