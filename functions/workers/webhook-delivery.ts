import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { attemptDelivery, parseDeliveryMessage } from '../../shared/domain/webhook/delivery';
import { logger } from '../../shared/logging/logger';

/**
 * WebhookDelivery (SQS, shared/routes.ts `queueWorkers`): one attempt per message. A receiver's
 * failure is not the message's failure: it is logged and the retry is scheduled (queue delay or
 * the sweep). Only a table or queue failure fails the message, which SQS then redelivers.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        await attemptDelivery(parseDeliveryMessage(record.body));
      } catch (error) {
        logger.error('webhook delivery message failed; SQS will redeliver', { messageId: record.messageId, error: String(error) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures };
}
