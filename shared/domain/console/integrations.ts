import * as z from 'zod/mini';
import { parseMappingInput } from '../backfill/backfill.schema';
import * as backfill from '../backfill/backfill.service';
import { parseRuleOptions } from '../anomaly/anomaly.limits';
import * as monitor from '../anomaly/monitor-rules';
import { parseConnectorSettings } from '../connector/connector.limits';
import * as connectorRepo from '../connector/connector.repository';
import * as connectors from '../connector/connector.service';
import { syncWindowStart } from '../connector/connector-sync';
import { jobQueueFromEnv, SYNC_QUEUE_URL_ENV } from '../connector/sync-jobs';
import { BadRequestError } from '../errors';
import type { OrgContext } from '../organization/organization.schema';

declare global {
  /** `true` in a Lambda bundle (lib/bundling.ts `bundleDefines`); unset when the source runs as is (local stack, tests). */
  var __FLEETDESK_LAMBDA_BUNDLE__: boolean | undefined;
}

/**
 * Settings > Integrations in the console (issue 18): the crash connector, backfill mappings and
 * monitor rules an operator sets with `npm run admin -- connector|mapping|monitor …`. Each call goes
 * to the same service the CLI uses; the checks are the CLI's (the same parse functions), run first
 * here so their texts come back as a 400 naming the console's field instead of the CLI's flag.
 */

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The operator text with the console's field names: `--api-base must …` → `apiBase must …`. */
export function consoleText(message: string, rename: Record<string, string> = {}): string {
  const name = (flag: string) => rename[flag] ?? camel(flag);
  if (/^Missing token\b/.test(message)) return 'token is required';
  const missing = /^Missing required option --([\w-]+)$/.exec(message);
  if (missing) return `${name(missing[1] as string)} is required`;
  return message.replace(/--([a-z][a-z-]*)( <[^>]+>)?/g, (_, flag: string) => name(flag));
}

/** Runs an operator input check; its complaint becomes a 400 with the console's field names. */
function checkInput<T>(check: () => T, rename?: Record<string, string>): T {
  try {
    return check();
  } catch (error) {
    throw new BadRequestError(consoleText(error instanceof Error ? error.message : String(error), rename));
  }
}

const text = (field: string) => z.optional(z.string({ error: `${field} must be a string` }));

// --- Crash connector -------------------------------------------------------------------------------

export const SetConnectorBody = z.object({
  provider: text('provider'),
  apiBase: text('apiBase'),
  organization: text('organization'),
  project: text('project'),
  /** Write-only: blank keeps the stored token. */
  token: text('token'),
});
export type SetConnectorInput = z.output<typeof SetConnectorBody>;

/** The connector as the console shows it: never the token, only that one is stored. */
export const ConsoleConnectorResponse = z.object({
  connector: z.nullable(
    z.object({
      provider: z.string(),
      apiBase: z.string(),
      organization: z.string(),
      project: z.string(),
      tokenStored: z.literal(true),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** The newest sync among the organization's connected devices (first 100), and its error if it failed. */
  lastSync: z.object({
    devices: z.number(),
    at: z.nullable(z.string()),
    failing: z.number(),
    lastError: z.nullable(z.object({ identifier: z.string(), error: z.string() })),
  }),
});
export type ConsoleConnectorResponse = z.infer<typeof ConsoleConnectorResponse>;

const CONNECTIONS_READ = 100;

export async function getConsoleConnector(org: OrgContext): Promise<ConsoleConnectorResponse> {
  const [stored, page] = await Promise.all([
    connectorRepo.getConnector(org.organizationId),
    connectorRepo.listConnections(org.organizationId, { limit: CONNECTIONS_READ }),
  ]);
  const synced = page.connections.filter((c) => c.lastSyncAt).sort((a, b) => ((a.lastSyncAt as string) < (b.lastSyncAt as string) ? 1 : -1));
  const failing = synced.filter((c) => c.lastSyncError);
  const lastFailed = failing[0];
  return {
    connector: stored
      ? { provider: stored.provider, apiBase: stored.apiBase, organization: stored.organization, project: stored.project, tokenStored: true, createdAt: stored.createdAt, updatedAt: stored.updatedAt }
      : null,
    lastSync: {
      devices: page.connections.length,
      at: synced[0]?.lastSyncAt ?? null,
      failing: failing.length,
      lastError: lastFailed ? { identifier: lastFailed.identifier, error: lastFailed.lastSyncError as string } : null,
    },
  };
}

/** `connector set` from the console: a blank token keeps the stored one (the field is write-only). */
export async function setConsoleConnector(org: OrgContext, input: SetConnectorInput): Promise<ConsoleConnectorResponse> {
  const hasToken = (input.token?.trim() ?? '') !== '';
  const stored = hasToken ? undefined : await connectorRepo.getConnector(org.organizationId);
  // The CLI's checks first (a stand-in token when the stored one is kept), so their texts name the console's fields.
  checkInput(() => parseConnectorSettings({ ...input, token: hasToken || !stored ? input.token : 'kept' }));
  await connectors.setConnector(org.organizationId, input, { keepTokenWhenBlank: true });
  return getConsoleConnector(org);
}

export async function removeConsoleConnector(org: OrgContext) {
  return { removed: (await connectors.removeConnector(org.organizationId)).removed };
}

/**
 * "Sync now". In AWS the job goes to the ConnectorSync queue, as the schedule's do: its worker alone
 * may open the token, and a large fleet's sync would outlast API Gateway's 30 s (`status: "queued"`;
 * the page's last sync shows the result). The local stack has no queue: one sync in this request, the
 * report naming each device's result (never the token), as `connector sync` does.
 */
export async function syncConsoleConnector(org: OrgContext) {
  const queue = jobQueueFromEnv();
  if (queue) {
    const window = new Date(syncWindowStart(Date.now())).toISOString();
    // Answered as the in-request sync answers it: nothing to queue without a connector.
    if (!(await connectorRepo.getConnector(org.organizationId))) return { status: 'no_connector', window, devices: [] };
    await queue.send([{ organizationId: org.organizationId, window }]);
    return { status: 'queued', window, devices: [] };
  }
  // In a Lambda bundle (the stack always gives this function the queue: `connectorSyncQueue`) the
  // in-request sync is folded away at bundle time, and with it the provider client and the telemetry
  // writes (issue 21, bundle budgets); a Lambda without the queue fails loudly instead of syncing here.
  if (globalThis.__FLEETDESK_LAMBDA_BUNDLE__ === true) {
    throw new Error(`${SYNC_QUEUE_URL_ENV} is not set: the console's "Sync now" only queues a sync job in Lambda`);
  } else {
    const report = await connectors.runConnectorSync(org.organizationId);
    return { status: report.status, window: report.window, devices: report.devices.map(({ identifier, status, error }) => ({ identifier, status, error: error ?? null })) };
  }
}

// --- Backfill mappings -----------------------------------------------------------------------------

export const AddMappingBody = z.object({
  prefix: text('prefix'),
  path: text('path'),
  timestampColumn: text('timestampColumn'),
  timestampFormat: text('timestampFormat'),
  identifierColumn: text('identifierColumn'),
  /** Comma-separated, as `--columns a,b,c`. */
  columns: text('columns'),
});
export type AddMappingInput = z.output<typeof AddMappingBody>;

/** A form's empty optional field is an option not given. */
const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

export async function addConsoleMapping(org: OrgContext, body: AddMappingInput) {
  const input = {
    prefix: body.prefix ?? '',
    path: body.path ?? '',
    timestampColumn: given(body.timestampColumn),
    timestampFormat: given(body.timestampFormat),
    identifierColumn: given(body.identifierColumn),
    columns: given(body.columns),
  };
  checkInput(() => parseMappingInput(input));
  return backfill.addMapping(org.organizationId, input);
}

export const listConsoleMappings = async (org: OrgContext) => ({ mappings: (await backfill.listMappings(org.organizationId)).mappings });

export const MAPPING_PREFIX_REQUIRED = 'prefix is required';

export async function removeConsoleMapping(org: OrgContext, prefix: string | undefined) {
  if (prefix === undefined || prefix.trim() === '') throw new BadRequestError(MAPPING_PREFIX_REQUIRED);
  return backfill.removeMapping(org.organizationId, prefix);
}

// --- Monitor rules ---------------------------------------------------------------------------------

export const OPERATOR_INVALID = 'operator must be "below" or "above"';

export const AddMonitorRuleBody = z.object({
  measurement: text('measurement'),
  operator: z.optional(z.enum(['below', 'above'], { error: OPERATOR_INVALID })),
  value: z.optional(z.union([z.string(), z.number()], { error: 'value must be a number' })),
  forMinutes: z.optional(z.union([z.string(), z.number()], { error: 'forMinutes must be an integer' })),
});
export type AddMonitorRuleInput = z.output<typeof AddMonitorRuleBody>;

export async function addConsoleMonitorRule(org: OrgContext, body: AddMonitorRuleInput) {
  if (body.operator === undefined) throw new BadRequestError(OPERATOR_INVALID);
  const value = body.value === undefined ? '' : String(body.value);
  const forMinutes = body.forMinutes === undefined || String(body.forMinutes).trim() === '' ? undefined : String(body.forMinutes);
  const options = { measurement: body.measurement, [body.operator]: value, forMinutes };
  checkInput(() => parseRuleOptions(options), { below: 'value', above: 'value' });
  return monitor.addThresholdRule(org.organizationId, options);
}

export const listConsoleMonitorRules = async (org: OrgContext) => ({ rules: (await monitor.listThresholdRules(org.organizationId)).rules });

export const removeConsoleMonitorRule = (org: OrgContext, ruleId: string | undefined) => monitor.removeThresholdRule(org.organizationId, ruleId ?? '');
