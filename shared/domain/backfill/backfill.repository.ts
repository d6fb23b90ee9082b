import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
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
  /** Epoch milliseconds after which the import is failed instead of continued (IMPORT_DEADLINE_MS after its start or retry). */
  deadlineAt?: number;
  /** The error of the last attempt that failed (what a stalled import's reason names). */
  lastError?: string;
  /** When an operator last retried it (`import retry`). */
  retriedAt?: string;
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

/** The running-import registry entry (see keys.backfillRunning), put with every write that makes an import `running`. */
const runningEntry = (organizationId: string, importId: string) => ({
  Put: { TableName: tableName(), Item: { ...keys.backfillRunning(organizationId, importId), entity: 'backfillRunning', organizationId, importId } },
});

/** The claim: creates the import (and its running-registry entry) unless this object version already has one; false when it has. */
export async function createImport(item: ImportItem): Promise<boolean> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.backfillImport(item.organizationId, item.importId),
            ...keys.backfillImportListing(item.organizationId, item.startedAt, item.importId),
            entity: IMPORT_ENTITY,
            ...item,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      runningEntry(item.organizationId, item.importId),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed && error.failedAt(0)) return false;
    throw error;
  }
}

/** Every running import across organizations (the registry: one consistent Query of a small partition). */
export async function listRunningImports(): Promise<{ organizationId: string; importId: string }[]> {
  const items = await queryPartition(keys.backfillRunningPartition);
  return items.map((item) => ({ organizationId: item.organizationId as string, importId: item.importId as string }));
}

/** Drops a registry entry whose import is no longer running (written before the registry existed, or by hand). */
export async function deleteRunningEntry(organizationId: string, importId: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.backfillRunning(organizationId, importId) }));
}

/**
 * `import retry`: a failed import becomes running again, its lease free and its resume marker set
 * (in AWS the table stream continues it from its checkpoint), with a new deadline. False when it
 * is not failed (finished otherwise, running, or retried by someone else just now).
 */
export async function reopenFailedImport(organizationId: string, importId: string, options: { now: string; deadlineAt: number }): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keys.backfillImport(organizationId, importId),
          UpdateExpression: 'SET #status = :running, leaseUntil = :zero, #resume = :resume, updatedAt = :now, retriedAt = :now, deadlineAt = :deadline REMOVE finishedAt, reason, leaseOwner, lastError',
          ConditionExpression: '#status = :failed',
          ExpressionAttributeNames: { '#status': 'status', '#resume': RESUME_MARKER.attribute },
          ExpressionAttributeValues: { ':running': 'running', ':failed': 'failed', ':zero': 0, ':resume': RESUME_MARKER.value, ':now': options.now, ':deadline': options.deadlineAt },
        },
      },
      runningEntry(organizationId, importId),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed && error.failedAt(0)) return false;
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

/** Gives the lease back without progress (an invocation that failed), so a retry can take over at once; keeps the error for the reason. */
export async function releaseLease(organizationId: string, importId: string, owner: string, lastError: string): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.backfillImport(organizationId, importId),
        UpdateExpression: 'SET leaseUntil = :zero, lastError = :error',
        ConditionExpression: 'leaseOwner = :owner AND #status = :running',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':zero': 0, ':owner': owner, ':running': 'running', ':error': lastError },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** What the terminal write stores. */
export interface ImportResult {
  status: ImportStatus;
  reason?: string;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  finishedAt: string;
  mapping?: PrefixMapping;
  /** A failed import keeps where to continue from (`import retry`); given when it differs from the stored one. */
  checkpoint?: { line: number; plan?: ImportPlan };
  /**
   * From outside the run (no owner): only if nobody holds a lease now (`leaseUntil` before this, epoch
   * ms), so an invocation that has just taken the import over is never failed under its feet.
   */
  leaseExpiredBefore?: number;
}

/**
 * THE write by which an import reaches a terminal status (completed, completed_with_errors,
 * rejected, failed): every path that ends an import goes through here, in one transaction that
 * sets the status and counters and drops the running-registry entry. Outgoing work about the
 * finished import (a webhook outbox item) belongs in `items` below, so it commits with the status.
 * With `owner`, only while holding the lease (false when it was lost); without, only while it is
 * still running (a last attempt, the local dead letter, the stall sweep). A failed import keeps its
 * checkpoint so `import retry` continues from it; any other status drops it.
 */
export async function finishImport(organizationId: string, importId: string, owner: string | undefined, result: ImportResult): Promise<boolean> {
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
  const keep = result.status === 'failed';
  if (keep && result.checkpoint) {
    sets.push('checkpoint = :checkpoint');
    values[':checkpoint'] = { line: result.checkpoint.line, ...(result.checkpoint.plan ? { plan: result.checkpoint.plan } : {}) };
  }
  let condition = '#status = :running';
  if (owner !== undefined) {
    condition += ' AND leaseOwner = :owner';
    values[':owner'] = owner;
  }
  if (result.leaseExpiredBefore !== undefined) {
    condition += ' AND (attribute_not_exists(leaseUntil) OR leaseUntil < :leaseBefore)';
    values[':leaseBefore'] = result.leaseExpiredBefore;
  }
  // One transaction: the import's end, its removal from the running registry, and its webhook
  // event (outbox): the event exists exactly when the import finished.
  const items = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.backfillImport(organizationId, importId),
        UpdateExpression: `SET ${sets.join(', ')} REMOVE ${keep ? '' : 'checkpoint, '}leaseOwner, leaseUntil, lastError, #resume`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status', '#resume': RESUME_MARKER.attribute },
        ExpressionAttributeValues: values,
      },
    },
    { Delete: { TableName: tableName(), Key: keys.backfillRunning(organizationId, importId) } },
    webhookEventPut(organizationId, 'telemetry_import.finished', { kind: 'import', importId }, result.finishedAt),
  ];
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed && error.failedAt(0)) return false;
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
