import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { logger } from '../../logging/logger';

/**
 * The ticket's diagnosis summary when its diagnosis is ready, else null (one GetItem of one
 * attribute). Never throws: the chat notification goes out with or without it.
 */
export async function readyDiagnosisSummary(organizationId: string, ticketId: string): Promise<string | null> {
  try {
    const out = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.ticket(organizationId, ticketId), ProjectionExpression: 'diagnosis', ConsistentRead: true }),
    );
    const diagnosis = out.Item?.diagnosis as { status?: unknown; summary?: unknown } | undefined;
    return diagnosis?.status === 'ready' && typeof diagnosis.summary === 'string' && diagnosis.summary !== '' ? diagnosis.summary : null;
  } catch (error) {
    logger.warn('diagnosis summary not read; notification sent without it', { organizationId, ticketId, error: String(error) });
    return null;
  }
}
