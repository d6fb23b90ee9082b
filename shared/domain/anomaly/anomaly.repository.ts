import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type NativeAttributeValue, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { SK } from '../../db/keys';
import { TABLE } from '../../db/table';
import { batchGet, queryIndexPartition, TransactionConditionFailed, transactWrite } from '../../db/operations';
import { incidentWebhookEvents } from '../webhook/outbox';
import type { ThresholdRule } from './detectors';
import { newDeviceState, type Changes, type DeviceState, type NewIncident, type OpenIncident } from './device-evaluation';
import { PACKED, packStateBody, unpackStateBody } from './state-codec';
import { recordItemsPage } from '../telemetry/record-page';
import { itemBytes } from '../../db/item-size';
import { isoTime as iso } from '../../iso-time';

/**
 * Anomaly access patterns (docs/data-model.md). A device's anomaly partition
 * `ORG#<org>#ANOMALY#<identifier>` holds its detector state (`STATE`, one item with a version for
 * optimistic locking), its dropout watch entry (`WATCH`, sparse gsi1 entry by due time) and its
 * incidents (`INCIDENT#<startedAt>#<id>`). Threshold rules are one item per org.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What the detector reads before evaluating a device: one BatchGetItem. */
export interface DetectorInput {
  /** The stored state, decoded on first use (a caller that only compares `stored` never decodes it). */
  readonly state: DeviceState;
  /** The stored state's version and device-lane newest evaluated time, without decoding it. */
  stored: { version: number; lastTs: number | null };
  rules: ThresholdRule[];
  /** Due time of the stored watch entry (ms), or null when there is none. */
  watchDue: number | null;
}

/**
 * State, rules and watch in one BatchGetItem. `consistent: false` (the stream worker's first
 * attempt) halves its read units: a stale state is harmless, because nothing is emitted from an
 * evaluation that is not committed and every commit is conditioned on the version it read (a
 * stale read loses the condition and the detector re-reads consistently).
 */
export async function loadDetectorInput(organizationId: string, identifier: string, options: { consistent?: boolean } = {}): Promise<DetectorInput> {
  const stateKey = keys.anomalyState(organizationId, identifier);
  const items = await batchGet<Record<string, NativeAttributeValue>>([stateKey, keys.monitorRules(organizationId), { pk: stateKey.pk, sk: SK.anomalyWatch }], undefined, options.consistent ?? true);
  const state = items.find((i) => i.pk === stateKey.pk && i.sk === SK.anomalyState);
  const watch = items.find((i) => i.pk === stateKey.pk && i.sk === SK.anomalyWatch);
  const rules = items.find((i) => i.sk === 'RULES');
  let decoded: DeviceState | undefined;
  return {
    get state() {
      return (decoded ??= state ? stateFromItem(state) : newDeviceState());
    },
    stored: { version: (state?.version as number | undefined) ?? 0, lastTs: (state?.lastTs as number | null | undefined) ?? null },
    rules: (rules?.rules as ThresholdRule[] | undefined) ?? [],
    watchDue: watch ? Date.parse(watch.gsi1sk as string) : null,
  };
}

/** A telemetry record as the detector reads it back: sort key, time, source, values and when it was received (ms). */
export interface StoredPoint {
  sk: string;
  t: number;
  source: string;
  m: Record<string, number>;
  receivedAt: number | undefined;
}

/**
 * One page of a device's telemetry records in sort-key order (the detector's replay of the records
 * after its committed state). Eventually consistent on request (0.5 RRU per 4 KB): the stream worker
 * re-reads consistently before it commits anything that depends on it.
 */
export async function telemetryPage(
  organizationId: string,
  identifier: string,
  range: { lowSk: string; highSk: string; limit: number; afterSk?: string; nowEpochSeconds: number; consistent: boolean },
): Promise<{ points: StoredPoint[]; hasMore: boolean }> {
  const page = await recordItemsPage(organizationId, identifier, { ...range, ascending: true, withReceivedAt: true });
  const points = page.items.map((item): StoredPoint => {
    const receivedAt = typeof item.receivedAt === 'string' ? Date.parse(item.receivedAt) : NaN;
    return { sk: item.sk as string, t: Date.parse(item.timestamp as string), source: item.source as string, m: (item.m ?? {}) as Record<string, number>, receivedAt: Number.isFinite(receivedAt) ? receivedAt : undefined };
  });
  return { points, hasMore: page.hasMore };
}

/**
 * The state item: version and the lanes' newest evaluated times as plain attributes, every other
 * field of the state (cadence, series, open incidents, and whatever a later detector adds, at any
 * depth) as one compressed JSON binary (state-codec.ts). The detector writes the whole state at
 * each commit, so its size is its write cost (1 WRU per KB, 2 inside a transaction).
 */
function stateItem(organizationId: string, identifier: string, state: DeviceState) {
  const { version, lastTs, crashTs, ...body } = state;
  return {
    ...keys.anomalyState(organizationId, identifier),
    entity: 'anomalyState',
    organizationId,
    identifier,
    version: version + 1,
    lastTs,
    crashTs,
    [PACKED.current]: packStateBody(body),
  };
}

/** The stored state: packed (current or gzip form), or as the map attributes written before compression. */
export function stateFromItem(item: Record<string, NativeAttributeValue>): DeviceState {
  const body = (unpackStateBody(item) ?? { cadence: item.cadence, series: item.series, open: item.open }) as Partial<DeviceState> & Record<string, unknown>;
  return { ...body, version: item.version, lastTs: item.lastTs ?? null, crashTs: item.crashTs ?? null, cadence: body.cadence as DeviceState['cadence'], series: body.series ?? {}, open: body.open ?? {} };
}

/** The state item as it would be stored (for sizing and the codec's round-trip test). */
export const stateItemOf = stateItem;

/** Write units of one state write: 1 per KB of the item, doubled inside a transaction. */
export function stateWriteUnits(organizationId: string, identifier: string, state: DeviceState, transactional: boolean): number {
  return Math.max(1, Math.ceil(itemBytes(stateItem(organizationId, identifier, state)) / 1024)) * (transactional ? 2 : 1);
}

/** The conditional Put of the new state: it commits only over the version it was computed from. */
function statePut(organizationId: string, identifier: string, state: DeviceState): TransactItem {
  const { version } = state;
  return {
    Put: {
      TableName: tableName(),
      Item: stateItem(organizationId, identifier, state),
      ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
      ExpressionAttributeValues: version === 0 ? undefined : { ':v': version },
    },
  };
}

function incidentPut(organizationId: string, identifier: string, incident: NewIncident, ticketId: string | null): TransactItem {
  const open = incident.open;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.incident(organizationId, identifier, iso(incident.startedAt), incident.incidentId),
        entity: 'incident',
        organizationId,
        identifier,
        incidentId: incident.incidentId,
        kind: incident.kind,
        measurement: incident.measurement,
        status: incident.resolvedAt === null ? 'open' : 'resolved',
        startedAt: iso(incident.startedAt),
        detectedAt: iso(incident.detectedAt),
        resolvedAt: incident.resolvedAt === null ? null : iso(incident.resolvedAt),
        anomalyCount: open.count,
        lastValue: open.lastValue,
        lastAnomalyAt: iso(open.lastAt),
        severity: incident.severity,
        ticketId,
        evidence: incident.evidence,
      },
      // The incident's id is derived from its start: a second writer of the same incident loses here.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

function incidentUpdate(organizationId: string, identifier: string, open: OpenIncident, resolvedAt: number | null, withdrawn = false): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.incident(organizationId, identifier, iso(open.startedAt), open.incidentId),
      UpdateExpression: 'SET anomalyCount = :count, lastValue = :value, lastAnomalyAt = :last, #status = :status, resolvedAt = :resolved',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':count': open.count,
        ':value': open.lastValue,
        ':last': iso(open.lastAt),
        ':status': withdrawn ? 'withdrawn' : resolvedAt === null ? 'open' : 'resolved',
        ':resolved': resolvedAt === null ? null : iso(resolvedAt),
      },
    },
  };
}

/**
 * Round 13: one attribute of an existing incident: `status` `withdrawn` (a held dropout whose silence
 * late records covered: it never gets a ticket) or `ticketId` (a held dropout's ticket, made when its
 * time came). Each rides in the transaction that removes the hold from the state under its version
 * condition, so it happens once.
 */
export function incidentSet(organizationId: string, identifier: string, incident: { incidentId: string; startedAt: number }, name: 'status' | 'ticketId', value: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.incident(organizationId, identifier, iso(incident.startedAt), incident.incidentId),
      UpdateExpression: 'SET #a = :v',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#a': name },
      ExpressionAttributeValues: { ':v': value },
    },
  };
}

/**
 * Round 13: the incidents of held tickets whose time came, read back (consistent BatchGetItem) as the
 * detector opened them, with what happened since (resolved or not, anomaly count), to make their tickets.
 * One that is gone or has a ticket already is left out.
 */
export async function incidentsOf(organizationId: string, identifier: string, held: readonly { id: string; s: number }[]): Promise<NewIncident[]> {
  const items = await batchGet<Record<string, NativeAttributeValue>>(held.map((h) => keys.incident(organizationId, identifier, iso(h.s), h.id)));
  // The item has the rest as the ticket reads it (kind, measurement, severity, evidence); `open` is not read.
  return items.filter((i) => !i.ticketId).map((i) => ({ ...i, startedAt: Date.parse(i.startedAt), detectedAt: Date.parse(i.detectedAt), resolvedAt: i.resolvedAt ? Date.parse(i.resolvedAt) : null }) as NewIncident);
}

/** The watch entry at a due time: the whole item ({@link watchWrite} and {@link refreshWatch} are its only writers). */
const watchItem = (organizationId: string, identifier: string, due: number) => ({ ...keys.anomalyWatch(organizationId, identifier, iso(due)), entity: 'dropoutWatch', organizationId, identifier });

/** The watch entry's write: Put at a new due time, or Delete (`null`: nothing to watch). */
export function watchWrite(organizationId: string, identifier: string, due: number | null): TransactItem {
  if (due === null) return { Delete: { TableName: tableName(), Key: { pk: keys.anomalyPartition(organizationId, identifier), sk: SK.anomalyWatch } } };
  return { Put: { TableName: tableName(), Item: watchItem(organizationId, identifier, due) } };
}

/** The writes of one evaluation: state, watch, incidents and their tickets. */
export function commitItems(
  organizationId: string,
  identifier: string,
  state: DeviceState,
  changes: Changes,
  extra: { watch?: TransactItem; ticketIdOf: (incidentId: string) => string | null; ticketItems: TransactItem[]; now: number },
): TransactItem[] {
  // An incident resolved and withdrawn by one evaluation is one Update (a transaction names an item once).
  const withdrawn = new Set((changes.withdrawn ?? []).map((w) => w.incidentId));
  return [
    statePut(organizationId, identifier, state),
    ...(extra.watch ? [extra.watch] : []),
    ...changes.opened.map((incident) => incidentPut(organizationId, identifier, incident, extra.ticketIdOf(incident.incidentId))),
    ...[...changes.updated.values()].map(({ open, resolvedAt }) => incidentUpdate(organizationId, identifier, open, resolvedAt, withdrawn.has(open.incidentId))),
    ...(changes.withdrawn ?? []).filter((w) => !changes.updated.has(w.incidentId)).map((w) => incidentSet(organizationId, identifier, w, 'status', 'withdrawn')),
    ...extra.ticketItems,
    ...incidentWebhookEvents(organizationId, identifier, changes, extra.now),
  ];
}

/**
 * Commits in one transaction: the state Put (version condition) decides between concurrent
 * evaluations of the device; the incident Puts (`attribute_not_exists`) decide that an incident,
 * and the ticket written with it, exist once. A lost race raises `TransactionConditionFailed`.
 * The state alone (the usual evaluation: no incident, the watch entry unchanged) is one
 * conditional PutItem, half a transaction's write units, with the same condition and the same error.
 */
export async function commit(items: TransactItem[]): Promise<void> {
  const [only] = items;
  if (items.length !== 1 || !only?.Put) return transactWrite(items);
  try {
    await documentClient().send(new PutCommand(only.Put));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new TransactionConditionFailed([{ Code: 'ConditionalCheckFailed' }]);
    throw error;
  }
}

/** Overdue watch entries of an org (gsi1, due ≤ now): the devices the sweep looks at. */
export async function dueWatches(organizationId: string, nowIso: string): Promise<{ identifier: string; due: string }[]> {
  const items = await queryIndexPartition(keys.dropoutWatchPartition(organizationId), { skAtMost: nowIso, projection: ['identifier', TABLE.gsi1.sortKey] });
  return items.map((item) => ({ identifier: item.identifier as string, due: item[TABLE.gsi1.sortKey] as string }));
}

/**
 * Moves a watch entry to a later due time, unless it changed since it was read (then the newer write stands).
 * The entry is rewritten whole, exactly as {@link watchWrite} writes it (nothing else writes it), with a
 * conditional PutItem: the same item, condition and write units as an UpdateItem of `gsi1sk`, and the sweep's
 * function, the only caller, bundles no UpdateItem command (about 1 KB of its size budget).
 */
export async function refreshWatch(organizationId: string, identifier: string, previousDueIso: string, due: number): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: watchItem(organizationId, identifier, due),
        ConditionExpression: 'gsi1sk = :previous',
        ExpressionAttributeValues: { ':previous': previousDueIso },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

// --- incident reads: shared/domain/anomaly/incident.repository.ts (without the detector state and its codec, for the read paths) ---
export { deviceOrStateExists, incidentView, listIncidents } from './incident.repository';

// --- threshold rules: shared/domain/anomaly/monitor-rules.ts (a module without the detectors, for the console's rule routes) ---
export { addRule, listRules, removeRule } from './monitor-rules';
