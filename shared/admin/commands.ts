import { userAdd, userList, userRemove } from './users';
import { createOrganization, findOrganizationContext, listOrganizations, regenerateApiKey, setTelemetryRetention } from '../domain/organization/organization.service';
import { listRejectedMessages } from '../domain/telemetry/telemetry.repository';
import { listDestinationConfirmations } from '../domain/telemetry/destination-confirmation';
import * as ticketConfig from '../domain/ticket-config/ticket-config.service';
import * as backfill from '../domain/backfill/backfill.service';
import { retryImport } from '../domain/backfill/import-runner';
import { s3ObjectStore } from '../domain/backfill/object-store';
import * as monitor from '../domain/anomaly/anomaly.service';
import { settleChatDeliveries } from '../domain/ticket/notification/dispatch';
import { IoTClient } from '@aws-sdk/client-iot';
import { provisionDevice, revokeDevice } from './iot-provisioning';
import * as connectors from '../domain/connector/connector.service';
import * as ticketSettings from '../domain/ticket/ticket-settings';
import { autoCloseSolvedTickets } from '../domain/ticket/ticket-auto-close';

/** Options the operator CLI accepts (flags without a value are rejected by the parser). */
export interface AdminOptions {
  name?: string;
  org?: string;
  url?: string;
  description?: string;
  assign?: string;
  when?: string[];
  /** A routing rule's position and where it goes (`rule remove|move`). */
  position?: string;
  direction?: string;
  /** Comma-separated keywords of a category (`category add|update`). */
  keywords?: string;
  /** A topic rule destination's ARN (`iot confirmations --arn`). */
  arn?: string;
  /** Device identifier (`iot provision|revoke`). */
  device?: string;
  /** Output directory for device credentials (`iot provision`). */
  out?: string;
  /** The stack's stage (`iot provision`: names the telemetry rule in the Basic Ingest topic; default dev). */
  stage?: string;
  /** Telemetry retention in days (`org set-retention`). */
  days?: string;
  /** How many items to list (`telemetry rejected`). */
  limit?: string;
  /** Backfill prefix mapping (`mapping add|list|remove`). */
  prefix?: string;
  path?: string;
  'timestamp-column'?: string;
  'timestamp-format'?: string;
  'identifier-column'?: string;
  columns?: string;
  /** Backfill import id (`import retry`). */
  import?: string;
  /** Threshold rule (`monitor rule add`). */
  measurement?: string;
  below?: string;
  above?: string;
  'for-minutes'?: string;
  /** Threshold rule id (`monitor rule remove`). */
  rule?: string;
  /** Crash-reporting connector (`connector set`); the token may also come on stdin (bin/admin.ts). */
  provider?: string;
  'api-base'?: string;
  organization?: string;
  project?: string;
  token?: string;
  /** Console users (`user add|remove`). */
  email?: string;
  role?: string;
  /** Ticket lifecycle settings (`org set-proactive`, `org set-chat-notify`): on|off. */
  'auto-solve'?: string;
  'regime-tickets'?: string;
  'dropout-hold'?: string;
  solved?: string;
  'customer-messages'?: string;
}

export const ADMIN_USAGE =
  'usage: admin org create --name <name> | org list | key regenerate --org <organizationId>' +
  ' | category add --org <id> --name <name> [--description <text>] [--keywords a,b,c] | category update --org <id> --name <name> [--description <text>] [--keywords a,b,c] | category list --org <id>' +
  ' | rule add --org <id> --assign <assignee> --when <category|priority|contains>=<value> [--when ...] (max 3) | rule list --org <id>' +
  ' | rule remove --org <id> --position <n> | rule move --org <id> --position <n> --direction up|down' +
  ' | org set-chat-webhook --org <id> --url <url> | org set-retention --org <id> --days <n>' +
  ' | org set-auto-close --org <id> --days <n> (1-90) | org set-proactive --org <id> [--auto-solve on|off] [--regime-tickets on|off] [--dropout-hold <minutes>] | org set-chat-notify --org <id> [--solved on|off] [--customer-messages on|off] | ticket auto-close [--org <id>]' +
  ' | telemetry rejected --org <id> [--limit <n>] | iot confirmations [--arn <destination arn>]' +
  ' | mapping add --org <id> --prefix <prefix> --path <template> [--timestamp-column <col>] [--timestamp-format iso|epoch_s|epoch_ms] [--identifier-column <col>] [--columns a,b,c]' +
  ' | mapping list --org <id> | mapping remove --org <id> --prefix <prefix> | import retry --org <id> --import <importId>' +
  ' | iot provision --org <id> --device <identifier> --out <dir> [--stage <stage>] | iot revoke --org <id> --device <identifier>' +
  ' | monitor rule add --org <id> --measurement <name> (--below <n> | --above <n>) [--for-minutes <n>] | monitor rule list --org <id> | monitor rule remove --org <id> --rule <ruleId> | monitor sweep [--org <id>]' +
  ' | connector set --org <id> --provider memfault --api-base <url> --organization <slug> --project <slug> [--token <token> | token on stdin] | connector show|remove|sync --org <id>' +
  ' | user add --org <id> --email <email> --role agent|admin | user list --org <id> | user remove --org <id> --email <email>';

/** Time a local `import retry` gives the continuation (it runs to the end; this only sizes its lease). */
const LOCAL_RETRY_BUDGET_MS = 15 * 60_000;

/** An optional positive integer option, within `max`. */
function positiveInt(value: string | undefined, flag: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${flag} must be an integer from 1 to ${max}`);
  return n;
}

/** The organization id, after checking it exists (a typo must not create rules nobody evaluates). */
async function existingOrg(organizationId: string): Promise<string> {
  if (!(await findOrganizationContext(organizationId))) throw new Error(`Organization ${organizationId} not found`);
  return organizationId;
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new Error(`Missing required option --${flag}`);
  return value;
}

/** Runs one operator command and returns the object to print as the single JSON line. */
export async function runAdminCommand(positionals: string[], options: AdminOptions): Promise<object> {
  const command = positionals.join(' ');
  switch (command) {
    // Crash-reporting connector (issue 11): the token is sealed before it is stored and never printed.
    case 'connector set':
      return connectors.setConnector(required(options.org, 'org'), {
        provider: options.provider,
        apiBase: options['api-base'],
        organization: options.organization,
        project: options.project,
        token: options.token,
      });
    case 'connector show':
      return connectors.showConnector(required(options.org, 'org'));
    case 'connector remove':
      return connectors.removeConnector(required(options.org, 'org'));
    case 'connector sync':
      return connectors.runConnectorSync(required(options.org, 'org'));
    case 'org create':
      return createOrganization(required(options.name, 'name'));
    case 'org list':
      return { organizations: await listOrganizations() };
    case 'org set-retention':
      return setTelemetryRetention(required(options.org, 'org'), Number(required(options.days, 'days')));
    case 'iot confirmations':
      return { confirmations: await listDestinationConfirmations({ arn: options.arn }) };
    case 'mapping add':
      return backfill.addMapping(required(options.org, 'org'), {
        prefix: required(options.prefix, 'prefix'),
        path: required(options.path, 'path'),
        timestampColumn: options['timestamp-column'],
        timestampFormat: options['timestamp-format'],
        identifierColumn: options['identifier-column'],
        columns: options.columns,
      });
    case 'mapping list':
      return backfill.listMappings(required(options.org, 'org'));
    // A failed import continues from its checkpoint: in AWS through the table stream, locally in this process.
    case 'import retry': {
      const local = process.env.DYNAMODB_ENDPOINT !== 'aws';
      if (local) process.env.S3_ENDPOINT ||= `http://127.0.0.1:${process.env.S3_PORT || 4569}`;
      return retryImport(required(options.org, 'org'), required(options.import, 'import'), {
        ...(local ? { continueHere: { store: s3ObjectStore, remainingMs: () => LOCAL_RETRY_BUDGET_MS } } : {}),
      });
    }
    case 'mapping remove':
      return backfill.removeMapping(required(options.org, 'org'), required(options.prefix, 'prefix'));
    case 'telemetry rejected':
      return { rejected: await listRejectedMessages(required(options.org, 'org'), positiveInt(options.limit, 'limit', 20, 1000)) };
    case 'user add':
      return userAdd(required(options.org, 'org'), required(options.email, 'email'), required(options.role, 'role'));
    case 'user list':
      return userList(required(options.org, 'org'));
    case 'user remove':
      return userRemove(required(options.org, 'org'), required(options.email, 'email'));
    case 'key regenerate':
      return regenerateApiKey(required(options.org, 'org'));
    case 'category add':
      return ticketConfig.addCategory(required(options.org, 'org'), {
        name: required(options.name, 'name'),
        description: options.description,
        keywords: options.keywords,
      });
    case 'category update':
      return ticketConfig.updateCategory(required(options.org, 'org'), {
        name: required(options.name, 'name'),
        description: options.description,
        keywords: options.keywords,
      });
    case 'category list':
      return ticketConfig.listCategories(required(options.org, 'org'));
    case 'rule add':
      return ticketConfig.addRule(required(options.org, 'org'), required(options.assign, 'assign'), options.when ?? []);
    case 'rule list':
      return ticketConfig.listRules(required(options.org, 'org'));
    case 'rule remove':
      return { organizationId: options.org, ...(await ticketConfig.removeRule(required(options.org, 'org'), required(options.position, 'position'))) };
    case 'rule move':
      return {
        organizationId: options.org,
        ...(await ticketConfig.moveRule(required(options.org, 'org'), required(options.position, 'position'), required(options.direction, 'direction').trim().toLowerCase())),
      };
    // Ticket lifecycle (issue 16).
    case 'org set-auto-close':
      return ticketSettings.setAutoCloseDays(required(options.org, 'org'), required(options.days, 'days'));
    case 'org set-proactive':
      return ticketSettings.setProactive(required(options.org, 'org'), { autoSolve: options['auto-solve'], regimeTickets: options['regime-tickets'], dropoutHold: options['dropout-hold'] });
    case 'org set-chat-notify':
      return ticketSettings.setChatNotifications(required(options.org, 'org'), { solved: options.solved, customerMessages: options['customer-messages'] });
    case 'ticket auto-close':
      return autoCloseSolvedTickets(Date.now(), options.org === undefined ? undefined : required(options.org, 'org'));
    case 'org set-chat-webhook':
      return ticketConfig.setChatWebhook(required(options.org, 'org'), required(options.url, 'url'));
    // AWS IoT in the Region and with the credentials of the default chain (AWS_REGION, AWS_PROFILE...).
    case 'iot provision':
      return provisionDevice(new IoTClient({}), {
        organizationId: required(options.org, 'org'),
        deviceIdentifier: required(options.device, 'device'),
        outDir: required(options.out, 'out'),
        stage: options.stage,
      });
    case 'iot revoke':
      return revokeDevice(new IoTClient({}), { organizationId: required(options.org, 'org'), deviceIdentifier: required(options.device, 'device') });
    case 'monitor rule add':
      return monitor.addThresholdRule(await existingOrg(required(options.org, 'org')), {
        measurement: options.measurement,
        below: options.below,
        above: options.above,
        forMinutes: options['for-minutes'],
      });
    case 'monitor rule remove':
      return monitor.removeThresholdRule(await existingOrg(required(options.org, 'org')), required(options.rule, 'rule'));
    case 'monitor rule list':
      return monitor.listThresholdRules(await existingOrg(required(options.org, 'org')));
    case 'monitor sweep': {
      const result = await monitor.sweepDropouts({ organizationId: options.org === undefined ? undefined : await existingOrg(required(options.org, 'org')) });
      // This process has no stream: the proactive tickets' chat posts finish before it exits.
      await settleChatDeliveries();
      return result;
    }
    default:
      throw new Error(command ? `Unknown command "${command}". ${ADMIN_USAGE}` : ADMIN_USAGE);
  }
}
