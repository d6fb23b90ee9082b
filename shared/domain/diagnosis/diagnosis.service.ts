import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { optionalEnv, requireEnv } from '../../config/env';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { logger } from '../../logging/logger';
import { ticketEventAttributes } from '../ticket/ticket-event';
import { BedrockSummarizer } from './bedrock';
import { gatherContext, readTicketFacts, type DiagnosisContext } from './context';
import { DIAGNOSIS_ENV, type Diagnosis, type Finding } from './diagnosis.schema';
import { findingsOf, summarize } from './embedded';

/**
 * Diagnosis of a ticket: gather the context, find, summarise, store on the ticket. Runs after the
 * ticket is stored (the TicketDiagnosis worker, fed by the table stream in AWS and by the local
 * stack's in-process stream), so createTicket pays nothing for it.
 */

export { DIAGNOSIS_ENV };

/** Something that writes the summary from the context and the embedded findings (Bedrock; tests: a fake). */
export interface Summarizer {
  readonly name: string;
  summarize(context: DiagnosisContext, findings: Finding[], signal: AbortSignal): Promise<string>;
}

let configured: Summarizer | null | undefined;

/** The summarizer the environment selects (null: embedded only). */
export function summarizerFromEnv(): Summarizer | null {
  if (configured !== undefined) return configured;
  const kind = optionalEnv(DIAGNOSIS_ENV.generator, 'embedded');
  if (kind === 'embedded') configured = null;
  else if (kind === 'bedrock') configured = new BedrockSummarizer({ modelId: requireEnv(DIAGNOSIS_ENV.modelId) });
  else throw new Error(`${DIAGNOSIS_ENV.generator} must be "embedded" or "bedrock", got "${kind}"`);
  return configured;
}

/** Tests: a fake summarizer, null for embedded, undefined to read the environment again. */
export function setSummarizer(summarizer: Summarizer | null | undefined): void {
  configured = summarizer;
}

function timeoutMs(): number {
  const raw = optionalEnv(DIAGNOSIS_ENV.timeoutMs);
  const value = raw === undefined ? 8000 : Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${DIAGNOSIS_ENV.timeoutMs} must be a positive integer, got "${raw}"`);
  return value;
}

/** The summarizer's text under a timeout; undefined on any failure (logged), so the embedded summary stands. */
async function summaryFrom(summarizer: Summarizer, context: DiagnosisContext, findings: Finding[]): Promise<string | undefined> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const limit = timeoutMs();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`timed out after ${limit} ms`));
    }, limit);
  });
  try {
    return await Promise.race([summarizer.summarize(context, findings, controller.signal), timeout]);
  } catch (error) {
    logger.warn('diagnosis summarizer failed; embedded summary used', { summarizer: summarizer.name, error: String(error) });
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The diagnosis of a gathered context (pure apart from the optional summarizer). */
export async function diagnose(context: DiagnosisContext, summarizer: Summarizer | null = summarizerFromEnv()): Promise<Diagnosis> {
  const generatedAt = new Date(context.now).toISOString();
  if (context.devices.length === 0) {
    const why = context.ticket.deviceIdentifier
      ? `Device ${context.ticket.deviceIdentifier} is not known to Fleetdesk, so there is nothing to diagnose.`
      : 'The customer has no registered devices, so there is nothing to diagnose. Ask which device the problem concerns.';
    return { status: 'unavailable', summary: why, findings: [], generatedAt, generator: 'embedded' };
  }
  const findings = findingsOf(context);
  const written = summarizer ? await summaryFrom(summarizer, context, findings) : undefined;
  return {
    status: 'ready',
    summary: written ?? summarize(context, findings),
    findings,
    generatedAt,
    generator: written !== undefined && summarizer ? summarizer.name : 'embedded',
  };
}

/** Re-reads after a change of the ticket landed while it was being diagnosed, before giving up (the stream retries). */
const VERSION_RETRIES = 5;

/**
 * Stores `diagnosis` over the pending one, with (when ready) its `diagnosis_ready` activity event
 * (actor `system`) in the same transaction: the ticket update is conditioned on the diagnosis still being
 * pending and on the version that was read, so the event sorts after the change it followed and a
 * redelivered record writes neither. False when a condition failed (the caller re-reads).
 */
async function storeDiagnosis(organizationId: string, ticketId: string, version: number, diagnosis: Diagnosis): Promise<boolean> {
  const event = ticketEventAttributes(organizationId, ticketId, {
    at: new Date().toISOString(),
    type: 'diagnosis_ready',
    actor: 'system',
    changes: { diagnosis: { status: diagnosis.status, findings: diagnosis.findings.length, generator: diagnosis.generator } },
    version,
  });
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.ticket(organizationId, ticketId),
              UpdateExpression: 'SET diagnosis = :d',
              ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(diagnosis) OR diagnosis.#status = :pending) AND ${version === 0 ? 'attribute_not_exists(#version)' : '#version = :version'}`,
              ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
              ExpressionAttributeValues: { ':d': diagnosis, ':pending': 'pending', ...(version === 0 ? {} : { ':version': version }) },
            },
          },
          // Only a ready diagnosis is an activity event (an unavailable one found nothing to diagnose).
          ...(diagnosis.status === 'ready'
            ? [{ Put: { TableName: tableName(), Item: { ...keys.ticketDiagnosisEvent(organizationId, ticketId, version), ...event }, ConditionExpression: 'attribute_not_exists(pk)' } }]
            : []),
        ],
      }),
    );
    return true;
  } catch (error) {
    const reasons = error instanceof TransactionCanceledException ? (error.CancellationReasons ?? []) : [];
    if (reasons.some((r) => r.Code === 'ConditionalCheckFailed' || r.Code === 'TransactionConflict')) return false;
    throw error;
  }
}

/**
 * Diagnoses a stored ticket and stores the result with its `diagnosis_ready` event, only over a
 * pending diagnosis (a redelivered stream record finds it done and changes nothing). Returns the
 * diagnosis, or undefined when the ticket does not exist or was already diagnosed.
 */
export async function diagnoseTicket(organizationId: string, ticketId: string, now = Date.now()): Promise<Diagnosis | undefined> {
  let facts = await readTicketFacts(organizationId, ticketId);
  if (!facts || (facts.diagnosis && facts.diagnosis.status !== 'pending')) return undefined;
  const diagnosis = await diagnose(await gatherContext(organizationId, facts, now));
  for (let attempt = 0; ; attempt++) {
    if (await storeDiagnosis(organizationId, ticketId, facts.version, diagnosis)) return diagnosis;
    // No ticket any more, already diagnosed (a redelivery won), or a change moved the version.
    facts = await readTicketFacts(organizationId, ticketId);
    if (!facts || (facts.diagnosis && facts.diagnosis.status !== 'pending')) return undefined;
    if (attempt >= VERSION_RETRIES) throw new Error('ticket kept changing while its diagnosis was stored');
  }
}
