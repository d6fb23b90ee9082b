import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { batchGet } from '../../db/operations';
import { fitsKeyPart } from '../common.schema';
import { DEVICE_IDENTIFIER_MAX, DEVICE_NOT_FOUND } from '../device/device.limits';
import { BadRequestError, NotFoundError } from '../errors';
import { getOrganization } from '../organization/organization.repository';
import type { OrgContext } from '../organization/organization.schema';
import * as repo from './connector.repository';
import { syncOrganization, type SyncReport } from './connector-sync';
import { CONNECTOR_NOT_CONFIGURED, parseConnectorSettings, providerNotConfigured } from './connector.limits';
import type { ConnectionView, PutConnectionInput } from './connector.schema';
import { sealerFromEnv } from './token-sealer';

/**
 * Connectors for the operator CLI (`connector set|show|remove|sync`) and device connections for
 * the External API. The token goes in through `connector set` and is sealed before it is stored;
 * nothing here ever returns it.
 */

/** What `connector show` (and `set`) print: everything but the token. */
function connectorView(connector: repo.StoredConnector) {
  const { organizationId, provider, apiBase, organization, project, createdAt, updatedAt } = connector;
  return { organizationId, provider, apiBase, organization, project, token: `stored (${connector.sealedToken.scheme === 'kms' ? 'KMS envelope encryption' : 'local key file'})`, createdAt, updatedAt };
}

async function requireOrganization(organizationId: string): Promise<void> {
  const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(organizationId);
  if (!valid || !(await getOrganization(organizationId))) throw new NotFoundError(`Organization not found: ${organizationId}`);
}

/** Stands in for a kept token while the other settings are checked (never stored: the sealed token is kept). */
const KEPT_TOKEN = 'kept';

/**
 * `connector set` (and the console's Settings > Crash connector): stores (or replaces) the org's
 * connector with its token sealed. With `keepTokenWhenBlank` (the console, whose token field is
 * write-only) a blank token keeps the stored sealed token; with no connector yet it is still required.
 */
export async function setConnector(organizationId: string, options: Parameters<typeof parseConnectorSettings>[0], behaviour: { keepTokenWhenBlank?: boolean } = {}) {
  const blank = (options.token?.trim() ?? '') === '';
  const existing = behaviour.keepTokenWhenBlank && blank ? await repo.getConnector(organizationId) : undefined;
  // The kept token is not in memory; any non-blank stand-in lets the same checks run on the other settings.
  const settings = parseConnectorSettings(existing ? { ...options, token: KEPT_TOKEN } : options);
  await requireOrganization(organizationId);
  const current = existing ?? (await repo.getConnector(organizationId));
  const now = new Date().toISOString();
  const stored: repo.StoredConnector = {
    organizationId,
    provider: settings.provider,
    apiBase: settings.apiBase,
    organization: settings.organization,
    project: settings.project,
    sealedToken: existing ? existing.sealedToken : await sealerFromEnv().seal(organizationId, settings.token),
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  };
  await repo.putConnector(stored);
  return connectorView(stored);
}

/** `connector show`. */
export async function showConnector(organizationId: string) {
  await requireOrganization(organizationId);
  const connector = await repo.getConnector(organizationId);
  if (!connector) throw new NotFoundError(`No connector configured for organization ${organizationId}`);
  return connectorView(connector);
}

/** `connector remove`: the connector goes; device connections stay and stop syncing. */
export async function removeConnector(organizationId: string) {
  await requireOrganization(organizationId);
  return { organizationId, removed: await repo.deleteConnector(organizationId) };
}

/** `connector sync`: one sync now; the report says what was read per device (never the token). */
export async function runConnectorSync(organizationId: string): Promise<SyncReport> {
  await requireOrganization(organizationId);
  return syncOrganization(organizationId);
}

/** A path identifier no device can have matches nothing: 404 like an unknown device. */
function identifierOrNotFound(raw: string | undefined): string {
  const identifier = raw?.trim() ?? '';
  if (identifier === '' || identifier.length > DEVICE_IDENTIFIER_MAX || !fitsKeyPart('deviceIdentifier', identifier)) throw new NotFoundError(DEVICE_NOT_FOUND);
  return identifier;
}

/**
 * PUT /device/{identifier}/connection. One BatchGetItem reads the connector, the device and its
 * current connection; the write is a transaction conditioned on the device still existing.
 * Re-pointing to the same provider and external id keeps what earlier syncs learned.
 */
export async function putDeviceConnection(org: OrgContext, rawIdentifier: string | undefined, input: PutConnectionInput) {
  const identifier = identifierOrNotFound(rawIdentifier);
  const items = await batchGet<Record<string, unknown>>([
    keys.connector(org.organizationId),
    keys.device(org.organizationId, identifier),
    keys.deviceConnection(org.organizationId, identifier),
  ]);
  const find = (sk: string) => items.find((item) => item.sk === sk);
  if (!find(SK.device)) throw new NotFoundError(DEVICE_NOT_FOUND);
  const connector = find(SK.connector);
  if (!connector) throw new BadRequestError(CONNECTOR_NOT_CONFIGURED);
  if (connector.provider !== input.provider) throw new BadRequestError(providerNotConfigured(input.provider, String(connector.provider)));
  const externalId = input.externalId || identifier;
  const current = find(SK.deviceConnection);
  const existing = current ? repo.connectionFromItem(current) : undefined;
  const connection: ConnectionView =
    existing && existing.provider === input.provider && existing.externalId === externalId
      ? existing
      : repo.freshConnection(input.provider, externalId, new Date().toISOString());
  if (!(await repo.putConnection(org.organizationId, identifier, connection))) throw new NotFoundError(DEVICE_NOT_FOUND);
  return { success: true as const, identifier, connection };
}

/** DELETE /device/{identifier}/connection: 200 whether or not it was connected; 404 for an unknown device. */
export async function deleteDeviceConnection(org: OrgContext, rawIdentifier: string | undefined) {
  const identifier = identifierOrNotFound(rawIdentifier);
  if (!(await repo.deleteConnection(org.organizationId, identifier))) throw new NotFoundError(DEVICE_NOT_FOUND);
  return { success: true as const };
}
