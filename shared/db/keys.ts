/**
 * Pure key builders for every item type in the single table. Nothing else in the code base
 * writes a `pk`/`sk` string by hand. Free-form parts (device identifiers, emails) are
 * URI-encoded so a `#` inside a value can never forge another item's key or widen a
 * `begins_with` query.
 */
export interface Key {
  pk: string;
  sk: string;
}

const part = (value: string) => encodeURIComponent(value);

const orgPk = (orgId: string) => `ORG#${orgId}`;
const customerPk = (orgId: string, customerId: string) => `${orgPk(orgId)}#CUSTOMER#${customerId}`;
const devicePk = (orgId: string, identifier: string) => `${orgPk(orgId)}#DEVICE#${part(identifier)}`;
const ticketPk = (orgId: string, ticketId: string) => `${orgPk(orgId)}#TICKET#${ticketId}`;
/** One partition per org for ticket configuration (settings, categories, routing rules): createTicket reads it with one query. */
const orgConfigPk = (orgId: string) => `${orgPk(orgId)}#CONFIG`;

export const SK = {
  org: 'ORG',
  apiKey: 'APIKEY',
  customer: 'CUSTOMER',
  email: 'EMAIL',
  device: 'DEVICE',
  /** Prefix of a device's owner links inside the device partition. */
  ownerPrefix: 'OWNER#',
  /** Prefix of a customer's device links inside the customer partition. */
  deviceLinkPrefix: 'DEVICE#',
  ticket: 'TICKET',
  /** Org settings item inside the config partition (chat webhook URL, category count, rule sequence). */
  orgSettings: 'SETTINGS',
  /** Prefix of category items inside the config partition. */
  categoryPrefix: 'CATEGORY#',
  /** Prefix of routing-rule items inside the config partition; the zero-padded position sorts them. */
  rulePrefix: 'RULE#',
} as const;

/** Width of a routing rule's zero-padded position, so sort-key order is rule order. */
const RULE_POSITION_WIDTH = 6;

export const keys = {
  org: (orgId: string): Key => ({ pk: orgPk(orgId), sk: SK.org }),
  /** Sparse GSI1 entry that lists organizations (operator CLI `org list`). */
  orgListing: (orgId: string) => ({ gsi1pk: 'ORGS', gsi1sk: orgPk(orgId) }),
  orgListingPartition: 'ORGS',
  /** API keys are found by the SHA-256 hash of the presented key; the key itself is never stored. */
  apiKey: (keyHash: string): Key => ({ pk: `APIKEY#${keyHash}`, sk: SK.apiKey }),
  customer: (orgId: string, customerId: string): Key => ({ pk: customerPk(orgId, customerId), sk: SK.customer }),
  customerPartition: customerPk,
  /** Uniqueness guard: one item per normalised email per organization. */
  customerEmail: (orgId: string, normalizedEmail: string): Key => ({
    pk: `${orgPk(orgId)}#EMAIL#${part(normalizedEmail)}`,
    sk: SK.email,
  }),
  device: (orgId: string, identifier: string): Key => ({ pk: devicePk(orgId, identifier), sk: SK.device }),
  devicePartition: devicePk,
  /** Assignment, device side: lives with the device so "owners of a device" is one query. */
  deviceOwner: (orgId: string, identifier: string, customerId: string): Key => ({
    pk: devicePk(orgId, identifier),
    sk: `${SK.ownerPrefix}${customerId}`,
  }),
  /** Assignment, customer side: lives with the customer so "devices of a customer" is one query. */
  customerDevice: (orgId: string, customerId: string, identifier: string): Key => ({
    pk: customerPk(orgId, customerId),
    sk: `${SK.deviceLinkPrefix}${part(identifier)}`,
  }),
  ticket: (orgId: string, ticketId: string): Key => ({ pk: ticketPk(orgId, ticketId), sk: SK.ticket }),
  /** The org's ticket-configuration partition (settings + categories + rules: one query). */
  orgConfigPartition: orgConfigPk,
  orgSettings: (orgId: string): Key => ({ pk: orgConfigPk(orgId), sk: SK.orgSettings }),
  /** Category by its normalised (trimmed, lowercased) name: the key itself holds per-org uniqueness. */
  category: (orgId: string, normalizedName: string): Key => ({
    pk: orgConfigPk(orgId),
    sk: `${SK.categoryPrefix}${part(normalizedName)}`,
  }),
  routingRule: (orgId: string, position: number): Key => ({
    pk: orgConfigPk(orgId),
    sk: `${SK.rulePrefix}${String(position).padStart(RULE_POSITION_WIDTH, '0')}`,
  }),
};

/** Attributes that make up keys; codecs strip them so they never leak into API responses. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'expiresAt', 'entity'] as const;

/** Removes key attributes from a stored item (the inverse of spreading `keys.*` into it). */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof KEY_ATTRIBUTES)[number]> {
  const copy: Record<string, unknown> = { ...item };
  for (const attr of KEY_ATTRIBUTES) delete copy[attr];
  return copy as Omit<T, (typeof KEY_ATTRIBUTES)[number]>;
}
