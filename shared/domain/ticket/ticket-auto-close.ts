import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { DomainError } from '../errors';
import { listOrganizations } from '../organization/organization.service';
import { logger } from '../../logging/logger';
import { updateTicket } from './ticket-lifecycle.service';
import { lifecycleSettingsOf } from './ticket-settings';

const DAY_MS = 86_400_000;

/**
 * The auto-close sweep (schedule TicketAutoClose): closes `solved` tickets whose last change is
 * older than the organization's `autoCloseDays` (default 7; `org set-auto-close`). Per org: one
 * GetItem for the setting and one Query of its `solved` list partition (sorted by `updatedAt`, so
 * only due tickets are read, never a scan). Each close is an ordinary change (`status_changed`,
 * actor `system`) with the version the list entry was written at as If-Match: a ticket changed
 * since (reopened, re-solved) is left for a later sweep.
 */
export async function autoCloseSolvedTickets(now = Date.now(), only?: string): Promise<{ organizations: number; closed: number; skipped: number }> {
  const orgs = only ? [{ organizationId: only }] : await listOrganizations();
  let closed = 0;
  let skipped = 0;
  for (const { organizationId } of orgs) {
    const settings = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.orgSettings(organizationId), ConsistentRead: true }));
    const cutoff = new Date(now - lifecycleSettingsOf(settings.Item).autoCloseDays * DAY_MS).toISOString();
    const pk = keys.ticketActivityPartition(organizationId, { status: 'solved' });
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await documentClient().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk < :cutoff',
          ExpressionAttributeValues: { ':pk': pk, ':cutoff': cutoff },
          ProjectionExpression: 'ticketId, version',
          ExclusiveStartKey: startKey,
        }),
      );
      for (const entry of out.Items ?? []) {
        try {
          await updateTicket(organizationId, entry.ticketId as string, { status: 'closed' }, { actor: 'system', expectedVersion: entry.version as number | undefined });
          closed++;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          skipped++;
          logger.info('auto-close skipped a ticket that changed', { organizationId, ticketId: entry.ticketId, reason: error.message });
        }
      }
      startKey = out.LastEvaluatedKey;
    } while (startKey);
  }
  return { organizations: orgs.length, closed, skipped };
}
