import { createOrganization, listOrganizations, regenerateApiKey } from '../domain/organization/organization.service';

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
  'usage: admin org create --name <name> | org list | key regenerate --org <organizationId>';

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
    default:
      throw new Error(command ? `Unknown command "${command}". ${ADMIN_USAGE}` : ADMIN_USAGE);
  }
}
