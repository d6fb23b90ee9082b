import { BedrockConverse, type ConverseClient } from '../../ai/bedrock-converse';
import type { DiagnosisContext } from './context';
import { clipSummary, SUMMARY_MAX, type Finding } from './diagnosis.schema';


/** How much context is sent to the model (cost and latency bound). */
export const BEDROCK_CONTEXT_CHARS_MAX = 8000;

const SYSTEM_PROMPT =
  'You help support agents of a hardware maker. From the ticket and the device data given, write a plain-language ' +
  `diagnosis summary of at most ${SUMMARY_MAX} characters: what is most likely wrong and what the agent should check or do first. ` +
  'Use only the facts given; do not invent values. Answer with the summary only.';

/** The prompt: the ticket, the devices' latest values and connection summary, and the embedded findings. */
export function buildDiagnosisPrompt(context: DiagnosisContext, findings: Finding[]): string {
  const devices = context.devices.map((d) => ({
    identifier: d.identifier,
    type: d.type,
    latest: Object.fromEntries(Object.entries(d.latest).map(([k, v]) => [k, `${v.value} at ${v.timestamp}`])),
    crashReporting: d.connection && { firmware: d.connection.firmware, lastSeenAt: d.connection.lastSeenAt, crashes: d.connection.crashes },
    openIncidents: d.openIncidents.map((i) => `${i.measurement ?? 'device'} ${i.kind} since ${i.startedAt}`),
  }));
  const body = JSON.stringify({ now: new Date(context.now).toISOString(), ticket: { title: context.ticket.title, description: context.ticket.description }, devices, findings: findings.map((f) => f.text) });
  return body.slice(0, BEDROCK_CONTEXT_CHARS_MAX);
}

/** Bedrock summary through the Converse API (the classifier's adapter does the same call). */
export class BedrockSummarizer {
  private readonly bedrock: BedrockConverse;

  constructor(options: { modelId: string; client?: ConverseClient }) {
    this.bedrock = new BedrockConverse(options.modelId, options.client);
  }

  get name(): string {
    return `bedrock:${this.bedrock.modelId}`;
  }

  async summarize(context: DiagnosisContext, findings: Finding[], signal: AbortSignal): Promise<string> {
    const text = await this.bedrock.text({ system: SYSTEM_PROMPT, prompt: buildDiagnosisPrompt(context, findings), maxTokens: 300, signal });
    if (text === '') throw new Error('Bedrock answered no text');
    return clipSummary(text);
  }
}
