import * as z from 'zod/mini';
import { KEY_PART_MAX_BYTES } from '../../db/keys';
import { emailString, fitsKeyPart, keyPartTooLong, normalizeEmail, optionalString, wellFormedText } from '../common.schema';
import { CUSTOMER_NAME_MAX, CUSTOMER_PHONE_MAX, CUSTOMER_ADDRESS_MAX, CUSTOMER_ID_MAX, CUSTOMER_ID_REQUIRED, EMAIL_REQUIRED_LOWER, EMAIL_REQUIRED, INVALID_EMAIL } from './customer.limits';
export * from './customer.limits';

const customerId = (field: string) => optionalString(field, CUSTOMER_ID_MAX);

/**
 * POST /customer/createOrUpdateCustomer. `telemetronCustomerId` (the name the spec's 409 text
 * uses) is accepted as an alias of `serviceCustomerId`.
 */
export const CreateOrUpdateCustomerBody = z.pipe(
  z.object({
    email: emailString(EMAIL_REQUIRED_LOWER, INVALID_EMAIL),
    name: optionalString('name', CUSTOMER_NAME_MAX),
    phone: optionalString('phone', CUSTOMER_PHONE_MAX),
    address: optionalString('address', CUSTOMER_ADDRESS_MAX),
    serviceCustomerId: customerId('serviceCustomerId'),
    telemetronCustomerId: customerId('telemetronCustomerId'),
  }),
  z.transform(({ serviceCustomerId, telemetronCustomerId, ...rest }) => ({
    ...rest,
    serviceCustomerId: serviceCustomerId || telemetronCustomerId || undefined,
  })),
);


/** POST /customer/queryCustomer: any missing, empty or non-string email is `Email is required`. */
export const QueryCustomerBody = z.object({
  email: z.string({ error: EMAIL_REQUIRED }).check(
    z.trim(),
    wellFormedText('email'),
    z.minLength(1, EMAIL_REQUIRED),
    z.maxLength(1000, EMAIL_REQUIRED),
    // The lookup key holds the normalised email; past its budget no customer can match and the key cannot be built.
    z.refine((email) => fitsKeyPart('email', email, normalizeEmail), { error: keyPartTooLong('email', KEY_PART_MAX_BYTES.email), abort: true }),
  ),
});

/** Path parameter of GET /customer/getCustomer/{serviceCustomerId} (the service trims it and checks it is a UUID). */
export const CustomerIdParams = z.object({ serviceCustomerId: z.string({ error: CUSTOMER_ID_REQUIRED }) });

// --- Responses: the OpenAPI document and the MCP tools' output schemas are generated from these ---

/** The Customer resource (spec 2.1). */
export const CustomerResource = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** Identifiers of the devices assigned to the customer. */
  devices: z.array(z.string()),
  orders: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof CustomerResource>;

/** 200 of POST /customer/createOrUpdateCustomer (spec 4.3). */
export const CreateOrUpdateCustomerResponse = z.object({
  success: z.literal(true),
  serviceCustomerId: z.string(),
  message: z.enum(['Customer created successfully', 'Customer updated successfully']),
});

/** Fields a create or update writes. */
export interface CustomerFields {
  email: string;
  name?: string;
  phone?: string;
  address?: string;
}

/** createOrUpdateCustomer input (the schema's output satisfies it). */
export interface CreateOrUpdateCustomerInput extends CustomerFields {
  serviceCustomerId?: string;
}
