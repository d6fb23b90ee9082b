/** Customer limits and the texts integrators see (spec 4.3 - 4.5, 4.8), without zod: customer.schema.ts re-exports them. */

export const CUSTOMER_NAME_MAX = 200;
export const CUSTOMER_PHONE_MAX = 50;
export const CUSTOMER_ADDRESS_MAX = 500;
export const CUSTOMER_ID_MAX = 100;

// Exact texts of spec 4.3 - 4.5 (and 4.8 for the email format).
export const CUSTOMER_EXISTS = 'Customer already exists with this email. Specify telemetronCustomerId to update fields.';
export const CUSTOMER_NOT_FOUND_OR_OTHER_ORG = 'Customer not found or does not belong to this organization';
export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const CUSTOMER_ID_REQUIRED = 'Customer ID is required';
export const CUSTOMER_ID_NOT_UUID = 'Customer ID must be a valid UUID';
export const EMAIL_REQUIRED_LOWER = 'email is required';
export const EMAIL_REQUIRED = 'Email is required';
export const INVALID_EMAIL = 'Invalid email format';
/** Not in the spec: an update that would take another customer's email. */
export const EMAIL_TAKEN_ON_UPDATE = 'Another customer already uses this email';
