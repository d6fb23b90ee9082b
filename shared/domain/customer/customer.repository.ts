import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { batchGet, queryPartition, TransactionConditionFailed, transactWrite, transactWriteEach } from '../../db/operations';
import { normalizeEmail } from '../common.schema';
import type { Customer, CustomerFields } from './customer.schema';

/**
 * Customer access patterns (docs/data-model.md). A customer lives in partition
 * `ORG#<org>#CUSTOMER#<id>` together with its device links, so the Customer resource with
 * `devices` is one query. Email uniqueness is held by a guard item per normalised email,
 * written in the same transaction as the customer.
 */

interface CustomerItem {
  id: string;
  organizationId: string;
  name: string;
  email: string;
  emailNormalized: string;
  phone?: string;
  address?: string;
  orders?: string[];
  metadataJson?: string;
  createdAt: string;
}

function customerFromItem(item: Record<string, unknown>, devices: string[]): Customer {
  const c = item as unknown as CustomerItem;
  return {
    id: c.id,
    organizationId: c.organizationId,
    name: c.name,
    email: c.email,
    phone: c.phone ?? null,
    address: c.address ?? null,
    devices,
    orders: c.orders ?? [],
    metadata: c.metadataJson ? (JSON.parse(c.metadataJson) as Record<string, unknown>) : {},
    createdAt: c.createdAt,
  };
}

/** Reads the `customerId` a failed email-guard condition returned (raw or unmarshalled form). */
function customerIdFromReason(item: Record<string, unknown> | undefined): string | undefined {
  const value = item?.customerId as unknown;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'S' in value) return (value as { S: string }).S;
  return undefined;
}

export type CreateResult = { created: true; customerId: string } | { created: false; existingId: string };

/**
 * Creates a customer unless its normalised email is taken: one transaction (guard + customer).
 * When the email is taken the existing id comes back with the cancellation, so twenty
 * concurrent creates of one email leave one customer and nineteen answers naming it.
 */
export async function createCustomer(organizationId: string, fields: CustomerFields): Promise<CreateResult> {
  const { id, emailNormalized, items } = newCustomerItems(organizationId, fields);
  try {
    await transactWrite(items);
    return { created: true, customerId: id };
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed) || !error.failedAt(0)) throw error;
    const existingId =
      customerIdFromReason(error.reasons[0]?.Item) ?? (await findCustomerIdByEmail(organizationId, emailNormalized));
    if (!existingId) throw error;
    return { created: false, existingId };
  }
}

/**
 * The two conditional Puts that create a customer: the email guard (item 0) and the customer.
 * `createdBy` tags both with the operation that creates them, so that operation can undo exactly
 * its own creations if it fails later ({@link deleteCustomersCreatedBy}).
 */
export function newCustomerItems(organizationId: string, fields: CustomerFields, createdBy?: string) {
  const id = randomUUID();
  const emailNormalized = normalizeEmail(fields.email);
  const now = new Date().toISOString();
  const item: CustomerItem = {
    id,
    organizationId,
    name: fields.name ?? defaultName(fields.email),
    email: fields.email.trim(),
    emailNormalized,
    ...(fields.phone !== undefined ? { phone: fields.phone } : {}),
    ...(fields.address !== undefined ? { address: fields.address } : {}),
    orders: [],
    metadataJson: '{}',
    createdAt: now,
  };
  const items = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.customerEmail(organizationId, emailNormalized), entity: 'customerEmail', customerId: id, createdBy },
        ConditionExpression: 'attribute_not_exists(pk)',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.customer(organizationId, id), entity: 'customer', ...item, updatedAt: now, createdBy },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  return { id, emailNormalized, items };
}

/** The name a customer gets when none is given: the part of the email before `@`. */
export const defaultName = (email: string) => email.trim().split('@')[0] ?? email.trim();

/** Customer id by normalised email (consistent GetItem on the guard). */
export async function findCustomerIdByEmail(organizationId: string, emailNormalized: string): Promise<string | undefined> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.customerEmail(organizationId, emailNormalized),
      ConsistentRead: true,
    }),
  );
  return out.Item?.customerId as string | undefined;
}

/** The stored email fields of a customer (consistent GetItem), or undefined. */
export async function getCustomerEmail(
  organizationId: string,
  customerId: string,
): Promise<{ email: string; emailNormalized: string } | undefined> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.customer(organizationId, customerId),
      ConsistentRead: true,
      ProjectionExpression: 'email, emailNormalized',
    }),
  );
  return out.Item as { email: string; emailNormalized: string } | undefined;
}

/** The Customer resource with its device identifiers: one consistent query of the customer partition. */
export async function getCustomerWithDevices(organizationId: string, customerId: string): Promise<Customer | undefined> {
  let customer: Record<string, unknown> | undefined;
  const devices: string[] = [];
  for (const item of await queryPartition(keys.customerPartition(organizationId, customerId))) {
    if (item.sk === SK.customer) customer = item;
    else if (typeof item.sk === 'string' && item.sk.startsWith(SK.deviceLinkPrefix)) devices.push(item.identifier as string);
  }
  return customer ? customerFromItem(customer, devices) : undefined;
}

/** `{ customerId, email }` for each id that exists (consistent BatchGetItem), in the order given. */
export async function getCustomerSummaries(
  organizationId: string,
  customerIds: string[],
): Promise<{ customerId: string; email: string }[]> {
  if (customerIds.length === 0) return [];
  const items = await batchGet<{ id: string; email: string }>(
    customerIds.map((id) => keys.customer(organizationId, id)),
    ['id', 'email'],
  );
  const byId = new Map(items.map((item) => [item.id, item.email]));
  return customerIds.filter((id) => byId.has(id)).map((id) => ({ customerId: id, email: byId.get(id) as string }));
}

export type UpdateResult = 'updated' | 'not_found' | 'stale' | { emailTakenBy: string };

/**
 * Updates a customer's fields. `expectedEmailNormalized` is the email read before; the write
 * is conditioned on it, so a concurrent email change makes this return 'stale' (re-read and
 * retry) instead of orphaning a guard. An email change moves the guard in the same transaction.
 */
export async function updateCustomer(
  organizationId: string,
  customerId: string,
  expectedEmailNormalized: string,
  fields: CustomerFields,
): Promise<UpdateResult> {
  const emailNormalized = normalizeEmail(fields.email);
  const names: Record<string, string> = { '#email': 'email' };
  const values: Record<string, unknown> = {
    ':email': fields.email.trim(),
    ':norm': emailNormalized,
    ':expected': expectedEmailNormalized,
    ':now': new Date().toISOString(),
  };
  const sets = ['#email = :email', 'emailNormalized = :norm', 'updatedAt = :now'];
  for (const field of ['name', 'phone', 'address'] as const) {
    if (fields[field] !== undefined) {
      names[`#${field}`] = field;
      values[`:${field}`] = fields[field];
      sets.push(`#${field} = :${field}`);
    }
  }
  const update = {
    TableName: tableName(),
    Key: keys.customer(organizationId, customerId),
    // A later write clears the creation tag: a failed assignment's compensation no longer deletes it.
    UpdateExpression: `SET ${sets.join(', ')} REMOVE createdBy`,
    ConditionExpression: 'attribute_exists(pk) AND emailNormalized = :expected',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };

  if (emailNormalized === expectedEmailNormalized) {
    try {
      await documentClient().send(new UpdateCommand(update));
      return 'updated';
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 'stale';
      throw error;
    }
  }

  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.customerEmail(organizationId, emailNormalized), entity: 'customerEmail', customerId },
          ConditionExpression: 'attribute_not_exists(pk)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      {
        Delete: {
          TableName: tableName(),
          Key: keys.customerEmail(organizationId, expectedEmailNormalized),
          ConditionExpression: 'customerId = :id',
          ExpressionAttributeValues: { ':id': customerId },
        },
      },
      { Update: update },
    ]);
    return 'updated';
  } catch (error) {
    if (!(error instanceof TransactionConditionFailed)) throw error;
    if (error.failedAt(0)) {
      const takenBy = customerIdFromReason(error.reasons[0]?.Item) ?? (await findCustomerIdByEmail(organizationId, emailNormalized));
      if (takenBy) return { emailTakenBy: takenBy };
    }
    return 'stale';
  }
}

/** Customer ids by normalised email, for many emails at once (consistent BatchGetItem on the guards). */
export async function findCustomerIdsByEmails(
  organizationId: string,
  emailsNormalized: string[],
): Promise<Map<string, string>> {
  if (emailsNormalized.length === 0) return new Map();
  const emailByPk = new Map(emailsNormalized.map((email) => [keys.customerEmail(organizationId, email).pk, email]));
  const guards = await batchGet<{ pk: string; customerId: string }>(
    emailsNormalized.map((email) => keys.customerEmail(organizationId, email)),
    ['pk', 'customerId'],
  );
  return new Map(guards.map((guard) => [emailByPk.get(guard.pk) as string, guard.customerId]));
}

/**
 * Creates a customer (name = email prefix) for each normalised email not yet taken: guard +
 * customer Puts, 50 customers a TransactWriteItems, chunks side by side. An email taken before
 * or concurrently fails its guard condition and comes back with the existing id, so of any
 * number of concurrent callers exactly one sees `created: true` per email.
 */
export async function createCustomersIfMissing(
  organizationId: string,
  emailsNormalized: string[],
  createdBy?: string,
): Promise<Map<string, { customerId: string; created: boolean }>> {
  const offers = emailsNormalized.map((email) => ({ email, ...newCustomerItems(organizationId, { email }, createdBy) }));
  const { done, failed } = await transactWriteEach(offers, (offer) => offer.items);
  const result = new Map<string, { customerId: string; created: boolean }>(
    done.map((offer) => [offer.email, { customerId: offer.id, created: true }]),
  );
  const unresolved: string[] = [];
  for (const { entry, reasons } of failed) {
    const existingId = customerIdFromReason(reasons[0]?.Item);
    if (existingId) result.set(entry.email, { customerId: existingId, created: false });
    else unresolved.push(entry.email);
  }
  if (unresolved.length > 0) {
    const found = await findCustomerIdsByEmails(organizationId, unresolved);
    for (const email of unresolved) {
      const customerId = found.get(email);
      if (!customerId) throw new Error('Customer neither created nor found');
      result.set(email, { customerId, created: false });
    }
  }
  return result;
}

/** Whether any ticket is for this customer (its ticket list index partition, one item read). */
async function hasTicket(organizationId: string, customerId: string): Promise<boolean> {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ticketIndexPartition(organizationId, { customerId }) },
      ProjectionExpression: 'pk',
      ConsistentRead: true,
      Limit: 1,
    }),
  );
  return (out.Items ?? []).length > 0;
}

/**
 * Compensation: deletes the customers among `emailsNormalized` that operation `createdBy` created
 * (guard and customer, one transaction each, both conditioned on the tag), unless another request
 * linked a device to one, opened a ticket for it, or updated it meanwhile (an update removes the
 * tag atomically): that customer is in use and stays.
 */
export async function deleteCustomersCreatedBy(organizationId: string, emailsNormalized: string[], createdBy: string): Promise<void> {
  if (emailsNormalized.length === 0) return;
  const guards = await batchGet<{ customerId: string; emailNormalized?: string; createdBy?: string; pk: string }>(
    emailsNormalized.map((email) => keys.customerEmail(organizationId, email)),
  );
  const ours = guards.filter((guard) => guard.createdBy === createdBy);
  const unused: { pk: string; customerId: string }[] = [];
  for (const guard of ours) {
    const links = await queryPartition(keys.customerPartition(organizationId, guard.customerId), { skPrefix: SK.deviceLinkPrefix, projection: ['sk'] });
    if (links.length === 0 && !(await hasTicket(organizationId, guard.customerId))) unused.push(guard);
  }
  const tagged = { ConditionExpression: 'createdBy = :op', ExpressionAttributeValues: { ':op': createdBy } };
  await transactWriteEach(unused, (guard) => [
    { Delete: { TableName: tableName(), Key: { pk: guard.pk, sk: SK.email }, ...tagged } },
    { Delete: { TableName: tableName(), Key: keys.customer(organizationId, guard.customerId), ...tagged } },
  ]);
}
