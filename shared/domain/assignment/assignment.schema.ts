import * as z from 'zod/mini';
import { KEY_PART_MAX_BYTES } from '../../db/keys';
import { isValidEmail, keyPartString, keyPartTooLong, normalizeEmail, wellFormedText } from '../common.schema';
import { DEVICE_IDENTIFIER_MAX, DEVICE_TYPE_MAX } from '../device/device.limits';
import { INVALID_EMAIL } from '../customer/customer.limits';

/** Array limits the spec leaves open (section 8): one request stays a handful of DynamoDB calls. */
export const CUSTOMER_EMAILS_MAX = 100;
export const DEVICE_IDENTIFIERS_MAX = 500;

// Exact texts of spec 4.6 - 4.9.
export const DEVICE_NOT_FOUND_AUTO_CREATE =
  'Device not found with the provided identifier. Set autoCreateDevice to true to create it automatically.';
export const DEVICE_TYPE_REQUIRED_SINGLE = 'deviceType is required when creating a new device';
export const NO_VALID_EMAILS = 'No valid customer emails provided';
export const CUSTOMER_EMAIL_REQUIRED = 'Invalid input: customerEmail is required';
export const NO_VALID_DEVICES = 'No valid devices found to assign';
export const DEVICE_TYPE_REQUIRED_BULK = 'deviceType is required when autoCreateDevices is true';
export const CUSTOMER_NOT_FOUND_IN_ORG = 'Customer not found for this organization';
export const DEVICE_NOT_ASSIGNED = 'Device is not assigned to this customer';
export const BOTH_REQUIRED = 'Both deviceIdentifier and customerEmail are required';
export const UNASSIGN_INPUT_REQUIRED = 'Invalid input: customerEmail and deviceIdentifiers are required';
export const INVALID_JSON_IN_BODY = 'Invalid JSON in request body';
export { INVALID_EMAIL };

// Texts the spec does not give (documented in the README).
export const DEVICE_IDENTIFIER_REQUIRED = 'deviceIdentifier is required and must be a non-empty string';
export const DEVICE_IDENTIFIER_TOO_LONG = `deviceIdentifier must be at most ${DEVICE_IDENTIFIER_MAX} characters`;
export const CUSTOMER_EMAILS_REQUIRED = 'customerEmails is required and must be an array of email strings';
export const CUSTOMER_EMAILS_TOO_MANY = `Too many customerEmails. Maximum ${CUSTOMER_EMAILS_MAX} per request`;
export const DEVICE_IDENTIFIERS_REQUIRED = 'Invalid input: deviceIdentifiers must be a non-empty array of strings';
export const DEVICE_IDENTIFIERS_TOO_MANY = `Too many deviceIdentifiers. Maximum ${DEVICE_IDENTIFIERS_MAX} per request`;
export const DEVICE_IDENTIFIERS_ENTRY = 'Invalid input: deviceIdentifiers must contain only non-empty strings';
export const DEVICE_IDENTIFIERS_ENTRY_TOO_LONG = `Invalid input: each device identifier must be at most ${DEVICE_IDENTIFIER_MAX} characters`;
export const DEVICE_IDENTIFIER_TOO_MANY_BYTES = keyPartTooLong('deviceIdentifier', KEY_PART_MAX_BYTES.deviceIdentifier);
export const DEVICE_IDENTIFIERS_ENTRY_TOO_MANY_BYTES = `Invalid input: each device identifier must be at most ${KEY_PART_MAX_BYTES.deviceIdentifier} bytes of UTF-8 text`;
export const DEVICE_TYPE_INVALID = `deviceType must be a non-empty string of at most ${DEVICE_TYPE_MAX} characters`;
export const booleanExpected = (field: string) => `${field} must be a boolean`;

/** Fails the parse with `message` from inside a transform (the first issue is the 400 text). */
function fail(ctx: { issues: unknown[] }, message: string, input: unknown): never {
  (ctx.issues as { code: 'custom'; message: string; input: unknown }[]).push({ code: 'custom', message, input });
  return z.NEVER as never;
}

/** Order-preserving de-duplication: a repeated entry is handled (and reported) once. */
const unique = (values: string[]) => [...new Set(values)];

/**
 * A non-empty array of device identifiers: the size limit is checked before the entries, so an
 * oversized array names the limit; entries are trimmed (as POST /device does) and de-duplicated.
 */
function identifierList(required: string) {
  return z.pipe(
    z.pipe(
      z.array(z.unknown(), { error: required }).check(
        z.minLength(1, required),
        z.maxLength(DEVICE_IDENTIFIERS_MAX, DEVICE_IDENTIFIERS_TOO_MANY),
      ),
      z.array(
        z.string({ error: DEVICE_IDENTIFIERS_ENTRY }).check(
          z.trim(),
          wellFormedText('deviceIdentifiers'),
          z.minLength(1, DEVICE_IDENTIFIERS_ENTRY),
          z.maxLength(DEVICE_IDENTIFIER_MAX, DEVICE_IDENTIFIERS_ENTRY_TOO_LONG),
          z.refine((id) => Buffer.byteLength(id, 'utf8') <= KEY_PART_MAX_BYTES.deviceIdentifier, {
            error: DEVICE_IDENTIFIERS_ENTRY_TOO_MANY_BYTES,
            abort: true,
          }),
        ),
      ),
    ),
    z.transform(unique),
  );
}

/** An optional boolean flag; anything else ("true", 1) is a 400 naming the field. */
const optionalBoolean = (field: string) => z.optional(z.boolean({ error: booleanExpected(field) }));

/** A trimmed, non-empty `deviceType` of bounded length, or undefined when absent/empty; `false` when unusable. */
function readDeviceType(value: unknown): string | undefined | false {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return trimmed.length <= DEVICE_TYPE_MAX ? trimmed : false;
}

/**
 * `deviceType` when auto-creation is on: missing/empty/non-string answers the spec's text,
 * too long answers the length limit. When auto-creation is off it is ignored unless malformed.
 */
function resolveDeviceType(ctx: { issues: unknown[] }, autoCreate: boolean, raw: unknown, required: string) {
  const type = readDeviceType(raw);
  if (autoCreate && (type === undefined || (type === false && typeof raw !== 'string'))) return fail(ctx, required, raw);
  if (type === false) return fail(ctx, DEVICE_TYPE_INVALID, raw);
  return autoCreate ? type : undefined;
}

/**
 * POST /deviceAssignment/assignDeviceToOwners (spec 4.6). 400 precedence: deviceIdentifier,
 * customerEmails shape and size, autoCreateDevice type, deviceType, then "no valid email".
 * Emails are trimmed, lowercased and validated; invalid entries (including non-strings) are
 * skipped, duplicates collapse to one.
 */
export const AssignDeviceToOwnersBody = z.pipe(
  z.object({
    deviceIdentifier: keyPartString({
      field: 'deviceIdentifier',
      part: 'deviceIdentifier',
      required: DEVICE_IDENTIFIER_REQUIRED,
      maxChars: DEVICE_IDENTIFIER_MAX,
      tooLongChars: DEVICE_IDENTIFIER_TOO_LONG,
    }),
    customerEmails: z
      .array(z.unknown(), { error: CUSTOMER_EMAILS_REQUIRED })
      .check(z.maxLength(CUSTOMER_EMAILS_MAX, CUSTOMER_EMAILS_TOO_MANY)),
    autoCreateDevice: optionalBoolean('autoCreateDevice'),
    deviceType: z.optional(z.unknown()),
  }),
  z.transform((body, ctx) => {
    const autoCreateDevice = body.autoCreateDevice ?? false;
    const deviceType = resolveDeviceType(ctx, autoCreateDevice, body.deviceType, DEVICE_TYPE_REQUIRED_SINGLE);
    const emails = unique(
      body.customerEmails.filter((e): e is string => typeof e === 'string').map(normalizeEmail).filter(isValidEmail),
    );
    if (emails.length === 0) return fail(ctx, NO_VALID_EMAILS, body.customerEmails);
    return { deviceIdentifier: body.deviceIdentifier, emails, autoCreateDevice, deviceType };
  }),
);
export type AssignDeviceToOwnersInput = z.output<typeof AssignDeviceToOwnersBody>;

/**
 * POST /deviceAssignment/assignDevicesToOwner (spec 4.7). 400 precedence: customerEmail
 * (required, then format), deviceIdentifiers (non-empty, limit, entries), autoCreateDevices
 * type, deviceType.
 */
export const AssignDevicesToOwnerBody = z.pipe(
  z.object({
    customerEmail: z.string({ error: CUSTOMER_EMAIL_REQUIRED }).check(
      z.trim(),
      wellFormedText('customerEmail'),
      z.minLength(1, CUSTOMER_EMAIL_REQUIRED),
      z.refine((value) => isValidEmail(value), { error: INVALID_EMAIL, abort: true }),
    ),
    deviceIdentifiers: identifierList(DEVICE_IDENTIFIERS_REQUIRED),
    autoCreateDevices: optionalBoolean('autoCreateDevices'),
    deviceType: z.optional(z.unknown()),
  }),
  z.transform((body, ctx) => {
    const autoCreateDevices = body.autoCreateDevices ?? false;
    const deviceType = resolveDeviceType(ctx, autoCreateDevices, body.deviceType, DEVICE_TYPE_REQUIRED_BULK);
    return {
      email: normalizeEmail(body.customerEmail),
      deviceIdentifiers: body.deviceIdentifiers,
      autoCreateDevices,
      deviceType,
    };
  }),
);
export type AssignDevicesToOwnerInput = z.output<typeof AssignDevicesToOwnerBody>;

/**
 * POST /deviceAssignment/unassignDeviceFromOwner (spec 4.8): a missing field of either kind is
 * `Both … are required`; the email format is checked only once both are present.
 */
export const UnassignDeviceFromOwnerBody = z.pipe(
  z.object({
    deviceIdentifier: z.string({ error: BOTH_REQUIRED }).check(z.trim(), wellFormedText('deviceIdentifier'), z.minLength(1, BOTH_REQUIRED)),
    customerEmail: z.string({ error: BOTH_REQUIRED }).check(z.trim(), wellFormedText('customerEmail'), z.minLength(1, BOTH_REQUIRED)),
  }),
  z.transform((body, ctx) => {
    if (!isValidEmail(body.customerEmail)) return fail(ctx, INVALID_EMAIL, body.customerEmail);
    if (body.deviceIdentifier.length > DEVICE_IDENTIFIER_MAX) return fail(ctx, DEVICE_IDENTIFIER_TOO_LONG, body.deviceIdentifier);
    if (Buffer.byteLength(body.deviceIdentifier, 'utf8') > KEY_PART_MAX_BYTES.deviceIdentifier) {
      return fail(ctx, DEVICE_IDENTIFIER_TOO_MANY_BYTES, body.deviceIdentifier);
    }
    return { deviceIdentifier: body.deviceIdentifier, email: normalizeEmail(body.customerEmail) };
  }),
);
export type UnassignDeviceFromOwnerInput = z.output<typeof UnassignDeviceFromOwnerBody>;

/**
 * POST /deviceAssignment/unassignDevicesFromOwner (spec 4.9): missing email, missing or empty
 * array share the spec's one text; then email format, array limit and entries.
 */
export const UnassignDevicesFromOwnerBody = z.pipe(
  z.object({
    customerEmail: z.string({ error: UNASSIGN_INPUT_REQUIRED }).check(z.trim(), wellFormedText('customerEmail'), z.minLength(1, UNASSIGN_INPUT_REQUIRED)),
    deviceIdentifiers: z.array(z.unknown(), { error: UNASSIGN_INPUT_REQUIRED }).check(z.minLength(1, UNASSIGN_INPUT_REQUIRED)),
  }),
  z.transform((body, ctx) => {
    if (!isValidEmail(body.customerEmail)) return fail(ctx, INVALID_EMAIL, body.customerEmail);
    const identifiers = identifierList(UNASSIGN_INPUT_REQUIRED).safeParse(body.deviceIdentifiers);
    if (!identifiers.success) return fail(ctx, identifiers.error.issues[0]?.message ?? UNASSIGN_INPUT_REQUIRED, body.deviceIdentifiers);
    return { email: normalizeEmail(body.customerEmail), deviceIdentifiers: identifiers.data };
  }),
);
export type UnassignDevicesFromOwnerInput = z.output<typeof UnassignDevicesFromOwnerBody>;

// --- Responses: the OpenAPI document and the MCP tools' output schemas are generated from these ---

/** One device in the assignDevicesToOwner lists. */
export const AssignedDeviceItem = z.object({ identifier: z.string(), deviceId: z.string(), wasCreated: z.boolean() });
export type AssignedDevice = z.infer<typeof AssignedDeviceItem>;

/** 200 of POST /deviceAssignment/assignDeviceToOwners (spec 4.6). */
export const AssignDeviceToOwnersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  deviceId: z.string(),
  deviceWasCreated: z.boolean(),
  assignedCustomers: z.array(z.object({ email: z.string(), customerId: z.string(), wasCreated: z.boolean() })),
});

/** 200 of POST /deviceAssignment/assignDevicesToOwner (spec 4.7). */
export const AssignDevicesToOwnerResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  customerId: z.string(),
  customerWasCreated: z.boolean(),
  assignedDevices: z.array(AssignedDeviceItem),
  alreadyAssigned: z.array(AssignedDeviceItem),
  /** Identifiers not found (autoCreateDevices false). */
  skipped: z.array(z.string()),
});

/** 200 of POST /deviceAssignment/unassignDeviceFromOwner (spec 4.8). */
export const UnassignDeviceFromOwnerResponse = z.object({
  success: z.literal(true),
  message: z.literal('Device successfully unassigned from customer'),
  customerId: z.string(),
  deviceIdentifier: z.string(),
  devicesRemaining: z.array(z.string()),
});

/** 200 of POST /deviceAssignment/unassignDevicesFromOwner (spec 4.9). */
export const UnassignDevicesFromOwnerResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  customerId: z.string(),
  unassignedDevices: z.array(z.string()),
  skipped: z.array(z.string()),
  devicesRemaining: z.array(z.string()),
});
