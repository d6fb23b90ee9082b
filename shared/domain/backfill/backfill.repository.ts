import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import { keys } from '../../db/keys';
import { TABLE } from '../../db/table';
import { batchPut, queryPartition, transactWrite, TransactionConditionFailed } from '../../db/operations';
import { webhookEventPut } from '../webhook/outbox';
import { compactMapping, IMPORT_ENTITY, RESUME_MARKER, type ImportStatus, type PrefixMapping, type Rejection } from './backfill.schema';
import type { ImportPlan } from './csv-scan';

/**
 * Backfill access patterns (docs/data-model.md): prefix mappings in one partition per org, and
 * one import item per S3 object version with its first rejected rows beside it. The import item
 * is also a lease: exactly one invocation at a time holds it (`leaseOwner`, `leaseUntil`), and
 * every progress write is conditioned on still holding it.
 */


/** An import item as stored (keys stripped by the readers). */
export interface ImportItem {
  organizationId: string;
  importId: string;
  bucket: string;
  key: string;
  versionId?: string;
  eTag?: string;
  status: ImportStatus;
  reason?: string;
  mapping?: PrefixMapping;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  startedAt: string;
  finishedAt?: string;
  updatedAt: string;
  checkpoint?: { line: number; plan?: ImportPlan };
  leaseOwner?: string;
  leaseUntil?: number;
  /** How many invocations worked on it. */
  parts: number;
}

/** Progress an invocation has made durable: the counters and where to go on from. */
export interface Progress {
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  line: number;
  plan?: ImportPlan;
}

const isConditionFailure = (error: unknown) => error instanceof ConditionalCheckFailedException;

// --- Mappings -------------------------------------------------------------------------------------

/** Stores a mapping unless its prefix already has one; false when it has. */
export async function putMapping(organizationId: string, mapping: PrefixMapping, createdAt: string): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.backfillMapping(organizationId, mapping.prefix), entity: 'backfillMapping', organizationId, ...mapping, createdAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Every mapping of an org (one consistent Query). */
export async function listMappings(organizationId: string): Promise<(PrefixMapping & { createdAt: string })[]> {
  const items = await queryPartition(keys.backfillMappingPartition(organizationId), { skPrefix: 'MAPPING#' });
  return items.map((item) => ({ ...compactMapping(item as PrefixMapping), createdAt: item.createdAt as string }));
}

/** Deletes a mapping; false when there was none. */
export async function deleteMapping(organizationId: string, prefix: string): Promise<boolean> {
  const out = await documentClient().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.backfillMapping(organizationId, prefix), ReturnValues: 'ALL_OLD' }),
  );
  return out.Attributes !== undefined;
}

// --- Imports --------------------------------------------------------------------------------------

/** The claim: creates the import unless this object version already has one; false when it has. */
export async function createImport(item: ImportItem): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.backfillImport(item.organizationId, item.importId),
          ...keys.backfillImportListing(item.organizationId, item.startedAt, item.importId),
          entity: IMPORT_ENTITY,
          ...item,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const IMPORT_ATTRIBUTES_HIDDEN = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'entity', RESUME_MARKER.attribute] as const;
function toImport(item: Record<string, unknown> | undefined): ImportItem | undefined {
  if (!item) return undefined;
  const copy = { ...item };
  for (const attribute of IMPORT_ATTRIBUTES_HIDDEN) delete copy[attribute];
  return copy as unknown as ImportItem;
}

/** One import (consistent read). */
export async function getImport(organizationId: string, importId: string): Promise<ImportItem | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.backfillImport(organizationId, importId), ConsistentRead: true }));
  return toImport(out.Item);
}

/**
 * Takes over a running import whose lease has run out (its holder paused, or died), as a new
 * part; undefined when it is finished or someone else holds it.
 */
export async function takeOverImport(organizationId: string, importId: string, owner: string, leaseUntil: number, nowMs: number): Promise<ImportItem | undefined> {
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.backfillImport(organizationId, importId),
        UpdateExpression: 'SET leaseOwner = :owner, leaseUntil = :until, parts = parts + :one REMOVE #resume',
        ConditionExpression: '#status = :running AND leaseUntil < :now',
        ExpressionAttributeNames: { '#status': 'status', '#resume': RESUME_MARKER.attribute },
        ExpressionAttributeValues: { ':owner': owner, ':until': leaseUntil, ':one': 1, ':running': 'running', ':now': nowMs },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toImport(out.Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Records progress while holding the lease: renews it (`leaseUntil`), or with `pause` hands it
 * back and sets the resume marker the table stream reacts to. False when the lease was lost.
 */
export async function saveProgress(
  organizationId: string,
  importId: string,
  owner: string,
  progress: Progress,
  options: { leaseUntil: number; pause: boolean; now: string; mapping?: PrefixMapping },
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':owner': owner,
    ':read': progress.rowsRead,
    ':written': progress.rowsWritten,
    ':rejected': progress.rowsRejected,
    ':checkpoint': { line: progress.line, ...(progress.plan ? { plan: progress.plan } : {}) },
    ':until': options.pause ? 0 : options.leaseUntil,
    ':now': options.now,
  };
  const sets = ['rowsRead = :read', 'rowsWritten = :written', 'rowsRejected = :rejected', 'checkpoint = :checkpoint', 'leaseUntil = :until', 'updatedAt = :now'];
  if (options.pause) {
    sets.push('#resume = :resume');
    values[':resume'] = RESUME_MARKER.value;
  }
  if (options.mapping) {
    sets.push('mapping = :mapping');
    values[':mapping'] = options.mapping;
  }
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.backfillImport(organizationId, importId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'leaseOwner = :owner AND #status = :running',
        ExpressionAttributeNames: { '#status': 'status', ...(options.pause ? { '#resume': RESUME_MARKER.attribute } : {}) },
        ExpressionAttributeValues: { ...values, ':running': 'running' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives the lease back without progress (an invocation that failed), so a retry can take over at once. */
export async function releaseLease(organizationId: string, importId: string, owner: string): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.backfillImport(organizationId, importId),
        UpdateExpression: 'SET leaseUntil = :zero',
        ConditionExpression: 'leaseOwner = :owner AND #status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':zero': 0, ':owner': owner, ':running': 'running' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Ends an import with its final status and counters. With `owner`, only while holding the lease
 * (false when it was lost); without, only while it is still running (a last-attempt failure).
 */
export async function finishImport(
  organizationId: string,
  importId: string,
  owner: string | undefined,
  result: { status: ImportStatus; reason?: string; rowsRead: number; rowsWritten: number; rowsRejected: number; finishedAt: string; mapping?: PrefixMapping },
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':status': result.status,
    ':read': result.rowsRead,
    ':written': result.rowsWritten,
    ':rejected': result.rowsRejected,
    ':finished': result.finishedAt,
    ':running': 'running',
  };
  const sets = ['#status = :status', 'rowsRead = :read', 'rowsWritten = :written', 'rowsRejected = :rejected', 'finishedAt = :finished', 'updatedAt = :finished'];
  if (result.reason !== undefined) {
    sets.push('reason = :reason');
    values[':reason'] = result.reason;
  }
  if (result.mapping) {
    sets.push('mapping = :mapping');
    values[':mapping'] = result.mapping;
  }
  let condition = '#status = :running';
  if (owner !== undefined) {
    condition += ' AND leaseOwner = :owner';
    values[':owner'] = owner;
  }
  try {
    // One transaction with the import's webhook event (outbox): the event exists exactly when the import finished.
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keys.backfillImport(organizationId, importId),
          UpdateExpression: `SET ${sets.join(', ')} REMOVE checkpoint, leaseOwner, leaseUntil, #resume`,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#status': 'status', '#resume': RESUME_MARKER.attribute },
          ExpressionAttributeValues: values,
        },
      },
      webhookEventPut(organizationId, 'telemetry_import.finished', { kind: 'import', importId }, result.finishedAt),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}

/** Stores rejected rows by their ordinal among the import's rejections (a rewrite of the same ordinal is harmless). */
export async function putRejections(organizationId: string, importId: string, rejections: { ordinal: number; rejection: Rejection }[], expiresAt?: number): Promise<void> {
  if (rejections.length === 0) return;
  await batchPut(
    rejections.map(({ ordinal, rejection }) => ({
      ...keys.backfillRejection(organizationId, importId, ordinal),
      entity: 'backfillRejection',
      ...rejection,
      ...(expiresAt ? { expiresAt } : {}),
    })),
  );
}

/** An import with its stored rejections, in file order: one consistent Query of its partition. */
export async function getImportWithRejections(organizationId: string, importId: string): Promise<{ item: ImportItem; rejections: Rejection[] } | undefined> {
  const items = await queryPartition(keys.backfillImportPartition(organizationId, importId));
  const item = toImport(items.find((i) => i.sk === 'IMPORT'));
  if (!item) return undefined;
  const rejections = items.filter((i) => String(i.sk).startsWith('REJECTION#')).map(({ line, reason }) => ({ line: line as number, reason: reason as string }));
  return { item, rejections };
}

/**
 * A page of an org's imports, newest first, from the GSI1 listing (eventually consistent);
 * `status` filters server-side, so a page is filled across as many reads as it takes.
 */
export async function listImports(
  organizationId: string,
  options: { status?: ImportStatus; limit: number; afterSortKey?: { startedAt: string; importId: string } },
): Promise<{ items: ImportItem[]; hasMore: boolean }> {
  const gsi1pk = keys.backfillImportListingPartition(organizationId);
  const after = options.afterSortKey;
  let startKey: Record<string, unknown> | undefined = after
    ? {
        ...keys.backfillImport(organizationId, after.importId),
        ...keys.backfillImportListing(organizationId, after.startedAt, after.importId),
      }
    : undefined;
  const wanted = options.limit + 1;
  const items: ImportItem[] = [];
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: TABLE.gsi1.indexName,
        KeyConditionExpression: 'gsi1pk = :pk',
        ...(options.status ? { FilterExpression: '#status = :status' } : {}),
        ExpressionAttributeValues: { ':pk': gsi1pk, ...(options.status ? { ':status': options.status } : {}) },
        ProjectionExpression: 'importId, #key, #status, rowsRead, rowsWritten, rowsRejected, startedAt, finishedAt',
        ExpressionAttributeNames: { '#key': 'key', '#status': 'status' },
        ScanIndexForward: false,
        Limit: options.status ? 100 : wanted - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...((out.Items ?? []) as ImportItem[]));
    startKey = out.LastEvaluatedKey;
  } while (startKey && items.length < wanted);
  return { items: items.slice(0, options.limit), hasMore: items.length > options.limit };
}
