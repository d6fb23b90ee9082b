import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { optionalEnv, requireEnv } from '../../config/env';
import { documentClient, tableName } from '../../db/client';
import { keys } from '../../db/keys';
import { logger } from '../../logging/logger';
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

/**
 * Diagnoses a stored ticket and stores the result, only over a pending diagnosis (a redelivered
 * stream record finds it done and changes nothing). Returns the diagnosis, or undefined when the
 * ticket does not exist or was already diagnosed.
 */
export async function diagnoseTicket(organizationId: string, ticketId: string, now = Date.now()): Promise<Diagnosis | undefined> {
  const facts = await readTicketFacts(organizationId, ticketId);
  if (!facts || (facts.diagnosis && facts.diagnosis.status !== 'pending')) return undefined;
  const diagnosis = await diagnose(await gatherContext(organizationId, facts, now));
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.ticket(organizationId, ticketId),
        UpdateExpression: 'SET diagnosis = :d',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(diagnosis) OR diagnosis.#status = :pending)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':d': diagnosis, ':pending': 'pending' },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  return diagnosis;
}
