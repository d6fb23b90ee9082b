import { isUuid, normalizeEmail } from '../common.schema';
import { refreshOwnerEmail } from '../telemetry/owner-snapshot';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';
import * as repo from './customer.repository';
import {
  CUSTOMER_EXISTS,
  CUSTOMER_ID_NOT_UUID,
  CUSTOMER_ID_REQUIRED,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_NOT_FOUND_OR_OTHER_ORG,
  EMAIL_TAKEN_ON_UPDATE,
} from './customer.limits';
import type { CreateOrUpdateCustomerInput, Customer } from './customer.schema';

const UPDATE_ATTEMPTS = 5;

/** POST /customer/createOrUpdateCustomer (spec 4.3). */
export async function createOrUpdateCustomer(org: OrgContext, input: CreateOrUpdateCustomerInput) {
  const { serviceCustomerId, ...fields } = input;
  if (!serviceCustomerId) {
    const result = await repo.createCustomer(org.organizationId, fields);
    if (!result.created) throw new ConflictError(CUSTOMER_EXISTS, { serviceCustomerId: result.existingId });
    return { success: true, serviceCustomerId: result.customerId, message: 'Customer created successfully' };
  }

  if (!isUuid(serviceCustomerId)) throw new NotFoundError(CUSTOMER_NOT_FOUND_OR_OTHER_ORG);
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const current = await repo.getCustomerEmail(org.organizationId, serviceCustomerId);
    if (!current) throw new NotFoundError(CUSTOMER_NOT_FOUND_OR_OTHER_ORG);
    const result = await repo.updateCustomer(org.organizationId, serviceCustomerId, current.emailNormalized, fields);
    if (result === 'updated') {
      // Owners are denormalised onto device snapshots (telemetry/owner-snapshot.ts): they name the new email.
      if (current.email !== fields.email.trim()) await refreshOwnerEmail(org.organizationId, serviceCustomerId, fields.email.trim());
      return { success: true, serviceCustomerId, message: 'Customer updated successfully' };
    }
    if (typeof result === 'object') throw new ConflictError(EMAIL_TAKEN_ON_UPDATE, { serviceCustomerId: result.emailTakenBy });
    // 'stale': the email changed underneath us; read again.
  }
  throw new Error('Customer update kept conflicting with concurrent updates');
}

/** POST /customer/queryCustomer (spec 4.4): case-insensitive email lookup within the org. */
export async function queryCustomer(org: OrgContext, email: string): Promise<Customer> {
  const customerId = await repo.findCustomerIdByEmail(org.organizationId, normalizeEmail(email));
  const customer = customerId ? await repo.getCustomerWithDevices(org.organizationId, customerId) : undefined;
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return customer;
}

/** GET /customer/getCustomer/{serviceCustomerId} (spec 4.5). */
export async function getCustomer(org: OrgContext, rawId: string | undefined): Promise<Customer> {
  const id = rawId?.trim() ?? '';
  if (id === '') throw new BadRequestError(CUSTOMER_ID_REQUIRED);
  if (!isUuid(id)) throw new BadRequestError(CUSTOMER_ID_NOT_UUID);
  const customer = await repo.getCustomerWithDevices(org.organizationId, id.toLowerCase());
  if (!customer) throw new NotFoundError(CUSTOMER_NOT_FOUND);
  return customer;
}
