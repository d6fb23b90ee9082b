import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { findOrganizationContext } from '../organization/organization.service';
import { AUTO_CLOSE_DAYS_MAX, lifecycleSettingsOf, type TicketLifecycleSettings } from './lifecycle-settings';
export * from './lifecycle-settings';

async function existingOrg(organizationId: string) {
  if (!(await findOrganizationContext(organizationId))) throw new Error(`Organization ${organizationId} not found`);
}

async function setAttributes(organizationId: string, values: Record<string, unknown>) {
  const names = Object.keys(values);
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.orgSettings(organizationId),
      UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :a${i}`).join(', ')}, entity = :entity, updatedAt = :now`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
      ExpressionAttributeValues: { ...Object.fromEntries(names.map((name, i) => [`:a${i}`, values[name]])), ':entity': 'orgSettings', ':now': new Date().toISOString() },
    }),
  );
}

/** `on`/`off` → boolean; anything else is the CLI's one-line error. */
export function onOff(value: string | undefined, flag: string): boolean {
  const v = value?.trim().toLowerCase();
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw new Error(`--${flag} must be on or off`);
}

/** The auto-close rule: whole days from 1 to {@link AUTO_CLOSE_DAYS_MAX} (the CLI and the console word it for their input). */
export const isAutoCloseDays = (days: unknown): days is number => typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= AUTO_CLOSE_DAYS_MAX;

/** The organization's lifecycle settings (consistent GetItem on the settings item), defaults filled in. */
export async function readLifecycleSettings(organizationId: string): Promise<TicketLifecycleSettings> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.orgSettings(organizationId), ConsistentRead: true }));
  return lifecycleSettingsOf(out.Item);
}

/**
 * Sets any of the lifecycle switches and the auto-close days (the console's settings pages); the
 * values are already checked (auto-close with {@link isAutoCloseDays}). Returns the settings after.
 */
export async function updateLifecycleSettings(
  organizationId: string,
  values: Partial<Pick<TicketLifecycleSettings, 'autoCloseDays' | 'proactiveAutoSolve' | 'notifyOnSolved' | 'notifyCustomerMessages'>>,
): Promise<TicketLifecycleSettings> {
  if (values.autoCloseDays !== undefined && !isAutoCloseDays(values.autoCloseDays)) throw new Error(`autoCloseDays must be an integer from 1 to ${AUTO_CLOSE_DAYS_MAX}`);
  await existingOrg(organizationId);
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0) await setAttributes(organizationId, defined);
  return readLifecycleSettings(organizationId);
}

/** `org set-auto-close --org <id> --days <n>` (1–90). */
export async function setAutoCloseDays(organizationId: string, rawDays: string) {
  const days = Number(rawDays);
  if (!/^\d+$/.test(rawDays.trim()) || !isAutoCloseDays(days)) {
    throw new Error(`--days must be an integer from 1 to ${AUTO_CLOSE_DAYS_MAX}`);
  }
  await existingOrg(organizationId);
  await setAttributes(organizationId, { autoCloseDays: days });
  return { organizationId, autoCloseDays: days, updated: true };
}

/** `org set-proactive --org <id> --auto-solve on|off`. */
export async function setProactiveAutoSolve(organizationId: string, raw: string | undefined) {
  const on = onOff(raw, 'auto-solve');
  await existingOrg(organizationId);
  await setAttributes(organizationId, { proactiveAutoSolve: on });
  return { organizationId, proactiveAutoSolve: on, updated: true };
}

/** The most a live dropout's ticket can be held (records older than 24 h are never evaluated, so none could cover it later). */
export const DROPOUT_HOLD_MINUTES_MAX = 1440;

/**
 * `org set-proactive --org <id> [--auto-solve on|off] [--regime-tickets on|off] [--dropout-hold <minutes>]`.
 * `--regime-tickets off`: regime-change incidents (a change inside the usual range) are still recorded
 * and listed, without a proactive ticket (read by the detector with the ticket configuration, no extra
 * read). `--dropout-hold`: how long a live dropout's ticket waits for late records that cover the
 * silence (0 to 1440 minutes; 0: at once; default 120).
 */
export async function setProactive(organizationId: string, options: { autoSolve?: string; regimeTickets?: string; dropoutHold?: string }) {
  const values: Record<string, boolean | number> = {};
  if (options.autoSolve !== undefined) values.proactiveAutoSolve = onOff(options.autoSolve, 'auto-solve');
  if (options.regimeTickets !== undefined) values.proactiveRegimeTickets = onOff(options.regimeTickets, 'regime-tickets');
  if (options.dropoutHold !== undefined) {
    const minutes = Number(options.dropoutHold);
    if (!/^\d+$/.test(options.dropoutHold.trim()) || minutes > DROPOUT_HOLD_MINUTES_MAX) throw new Error(`--dropout-hold must be a whole number of minutes from 0 to ${DROPOUT_HOLD_MINUTES_MAX}`);
    values.proactiveDropoutHoldMinutes = minutes;
  }
  if (Object.keys(values).length === 0) throw new Error('Give --auto-solve on|off, --regime-tickets on|off and/or --dropout-hold <minutes>');
  await existingOrg(organizationId);
  await setAttributes(organizationId, values);
  return { organizationId, ...values, updated: true };
}

/** `org set-chat-notify --org <id> [--solved on|off] [--customer-messages on|off]`. */
export async function setChatNotifications(organizationId: string, options: { solved?: string; customerMessages?: string }) {
  const values: Record<string, boolean> = {};
  if (options.solved !== undefined) values.notifyOnSolved = onOff(options.solved, 'solved');
  if (options.customerMessages !== undefined) values.notifyCustomerMessages = onOff(options.customerMessages, 'customer-messages');
  if (Object.keys(values).length === 0) throw new Error('Give --solved on|off and/or --customer-messages on|off');
  await existingOrg(organizationId);
  await setAttributes(organizationId, values);
  return { organizationId, ...values, updated: true };
}
