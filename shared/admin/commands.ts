import { createOrganization, listOrganizations, regenerateApiKey } from '../domain/organization/organization.service';
import * as ticketConfig from '../domain/ticket-config/ticket-config.service';

/** Options the operator CLI accepts (flags without a value are rejected by the parser). */
export interface AdminOptions {
  name?: string;
  org?: string;
  url?: string;
  description?: string;
  assign?: string;
  when?: string[];
}

export const ADMIN_USAGE =
  'usage: admin org create --name <name> | org list | key regenerate --org <organizationId>' +
  ' | category add --org <id> --name <name> [--description <text>] | category list --org <id>' +
  ' | rule add --org <id> --assign <assignee> --when <category|priority|contains>=<value> [--when ...] (max 3) | rule list --org <id>' +
  ' | org set-chat-webhook --org <id> --url <url>';

function required(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new Error(`Missing required option --${flag}`);
  return value;
}

/** Runs one operator command and returns the object to print as the single JSON line. */
export async function runAdminCommand(positionals: string[], options: AdminOptions): Promise<object> {
  const command = positionals.join(' ');
  switch (command) {
    case 'org create':
      return createOrganization(required(options.name, 'name'));
    case 'org list':
      return { organizations: await listOrganizations() };
    case 'key regenerate':
      return regenerateApiKey(required(options.org, 'org'));
    case 'category add':
      return ticketConfig.addCategory(required(options.org, 'org'), {
        name: required(options.name, 'name'),
        description: options.description,
      });
    case 'category list':
      return ticketConfig.listCategories(required(options.org, 'org'));
    case 'rule add':
      return ticketConfig.addRule(required(options.org, 'org'), required(options.assign, 'assign'), options.when ?? []);
    case 'rule list':
      return ticketConfig.listRules(required(options.org, 'org'));
    case 'org set-chat-webhook':
      return ticketConfig.setChatWebhook(required(options.org, 'org'), required(options.url, 'url'));
    default:
      throw new Error(command ? `Unknown command "${command}". ${ADMIN_USAGE}` : ADMIN_USAGE);
  }
}
