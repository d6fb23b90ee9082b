import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { logger } from '../../logging/logger';

/**
 * The confirmation an AWS IoT HTTPS topic rule destination POSTs to its confirmation URL when a
 * maker deploys the connector stack (docs/operations.md). It carries no API key. Fleetdesk
 * confirms it by visiting `enableUrl` only when that is an AWS IoT endpoint, never any other URL
 * taken from a request body, and records every confirmation for the operator either way.
 */
export const CONFIRMATION_MESSAGE_TYPE = 'DestinationConfirmation';
const MESSAGE_TYPE_HEADER = 'x-amz-rules-engine-message-type';
/** The IoT control-plane host of a Region, e.g. `iot.eu-west-1.amazonaws.com` (China: `.amazonaws.com.cn`). */
const IOT_HOST = /^iot\.[a-z]{2}(-[a-z]+)+-\d\.amazonaws\.com(\.cn)?$/;
const CONFIRM_TIMEOUT_MS = 5000;
const MAX_FIELD_CHARS = 2048;
/** A topic rule destination's ARN (any partition, Region and account); anything else is not a confirmation. */
const DESTINATION_ARN = /^arn:aws(-cn|-us-gov)?:iot:[a-z]{2}(-[a-z]+)+-\d:\d{12}:ruledestination\/[A-Za-z0-9_./-]{1,200}$/;
/** Confirmations are kept for the operator a month; unauthenticated callers cannot grow the table for good. */
const CONFIRMATION_TTL_SECONDS = 30 * 86_400;
/** The most confirmations `iot confirmations` lists (newest first is not needed: they expire). */
const CONFIRMATIONS_LIST_MAX = 100;

/**
 * `IOT_DESTINATION_ACCOUNTS`: the accounts (comma-separated) whose destination ARNs are accepted,
 * set by the stack to this deployment's account plus `-c iotConnectorAccounts`. Anyone can POST a
 * confirmation without a key; a destination of any other account is not ours to confirm, is never
 * stored, and gets the route's 401. Unset (the local stack, which has no AWS account) accepts any.
 */
export const DESTINATION_ENV = { accounts: 'IOT_DESTINATION_ACCOUNTS' } as const;

function acceptedAccounts(): Set<string> | undefined {
  const raw = process.env[DESTINATION_ENV.accounts];
  return raw === undefined || raw.trim() === '' ? undefined : new Set(raw.split(',').map((a) => a.trim()));
}

/** The account of a destination ARN (`arn:<partition>:iot:<region>:<account>:ruledestination/…`). */
const accountOf = (arn: string) => arn.split(':')[4] ?? '';

/** The item of one destination: the key is the ARN's hash, so a repeated confirmation overwrites, never adds. */
const confirmationKey = (arn: string) => keys.destinationConfirmation(createHash('sha256').update(arn).digest('hex'));

export interface DestinationConfirmation {
  arn: string;
  enableUrl: string;
}

/** The confirmation in an unauthenticated request, when it is one (header or body says so, and the fields are there). */
export function readConfirmation(event: APIGatewayProxyEventV2): DestinationConfirmation | undefined {
  if (event.headers?.['x-api-key'] !== undefined || !event.body) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body);
  } catch {
    return undefined;
  }
  const { arn, enableUrl, messageType } = (body ?? {}) as Record<string, unknown>;
  const typed = messageType === CONFIRMATION_MESSAGE_TYPE || event.headers?.[MESSAGE_TYPE_HEADER] === CONFIRMATION_MESSAGE_TYPE;
  if (!typed || typeof arn !== 'string' || typeof enableUrl !== 'string') return undefined;
  if (!DESTINATION_ARN.test(arn) || enableUrl.length > MAX_FIELD_CHARS) return undefined;
  const accounts = acceptedAccounts();
  if (accounts && !accounts.has(accountOf(arn))) return undefined;
  return { arn, enableUrl };
}

/** Whether `url` is an https URL on an AWS IoT endpoint, the only place a confirmation may be sent. */
export function isIotEnableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.port === '' && parsed.username === '' && IOT_HOST.test(parsed.hostname);
  } catch {
    return false;
  }
}

/** Confirms (when the URL is an IoT endpoint) and records the confirmation; never throws for the URL's sake. */
export async function handleConfirmation(confirmation: DestinationConfirmation, fetchImpl: typeof fetch = fetch) {
  let status: 'confirmed' | 'refused_url' | 'failed' = 'refused_url';
  if (isIotEnableUrl(confirmation.enableUrl)) {
    try {
      const response = await fetchImpl(confirmation.enableUrl, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(CONFIRM_TIMEOUT_MS) });
      status = response.ok ? 'confirmed' : 'failed';
    } catch {
      status = 'failed';
    }
  }
  const host = URL.canParse(confirmation.enableUrl) ? new URL(confirmation.enableUrl).host : 'unparsable';
  logger.info('IoT rule destination confirmation', { arn: confirmation.arn, enableUrlHost: host, status });
  const receivedAt = new Date().toISOString();
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...confirmationKey(confirmation.arn),
        entity: 'destinationConfirmation',
        arn: confirmation.arn,
        // Kept for the operator to visit by hand when it was not confirmed here.
        enableUrl: confirmation.enableUrl,
        status,
        receivedAt,
        expiresAt: Math.floor(Date.now() / 1000) + CONFIRMATION_TTL_SECONDS,
      },
    }),
  );
  return { success: true, confirmed: status === 'confirmed' };
}

/** Pre-auth hook of `POST /api/telemetry`: answers a destination confirmation, lets everything else reach auth. */
export async function answerDestinationConfirmation(event: APIGatewayProxyEventV2): Promise<object | undefined> {
  const confirmation = readConfirmation(event);
  return confirmation ? handleConfirmation(confirmation) : undefined;
}

/**
 * Recorded destination confirmations that have not expired, up to 100 (operator CLI `iot confirmations`);
 * an unconfirmed one's enableUrl can be visited by hand. The expiry filter is applied page by page until
 * 100 match or the partition ends (a `Limit` on the query would cut before the filter, so expired items
 * could hide live ones). With `arn`, that destination's own record, read by its key: no number of other
 * confirmations can hide it.
 */
export async function listDestinationConfirmations(options: { arn?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const view = ({ arn, enableUrl, status, receivedAt }: Record<string, unknown>) => ({ arn, enableUrl, status, receivedAt });
  if (options.arn !== undefined) {
    const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: confirmationKey(options.arn) }));
    return out.Item && Number(out.Item.expiresAt) > now ? [view(out.Item)] : [];
  }
  const found: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'expiresAt > :now',
        ExpressionAttributeValues: { ':pk': keys.destinationConfirmationPartition, ':now': now },
        ExclusiveStartKey: startKey,
      }),
    );
    found.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey && found.length < CONFIRMATIONS_LIST_MAX);
  return found.slice(0, CONFIRMATIONS_LIST_MAX).map(view);
}
