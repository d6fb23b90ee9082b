import type { ConverseCommand, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type { DiagnosisContext } from './context';
import { clipSummary, SUMMARY_MAX, type Finding } from './diagnosis.schema';

/** The part of BedrockRuntimeClient the adapter uses; tests pass a fake. */
export interface ConverseClient {
  send(command: ConverseCommand, options?: { abortSignal?: AbortSignal }): Promise<ConverseCommandOutput>;
}

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

/**
 * Bedrock summary through the Converse API (the classifier's pattern): the SDK is imported on first
 * use only (it is external to the bundles and provided by the Lambda runtime).
 */
export class BedrockSummarizer {
  private client?: ConverseClient;

  constructor(private readonly options: { modelId: string; client?: ConverseClient }) {
    this.client = options.client;
  }

  get name(): string {
    return `bedrock:${this.options.modelId}`;
  }

  async summarize(context: DiagnosisContext, findings: Finding[], signal: AbortSignal): Promise<string> {
    const sdk = await import('@aws-sdk/client-bedrock-runtime');
    this.client ??= new sdk.BedrockRuntimeClient({ maxAttempts: 2 });
    const output = await this.client.send(
      new sdk.ConverseCommand({
        modelId: this.options.modelId,
        system: [{ text: SYSTEM_PROMPT }],
        messages: [{ role: 'user', content: [{ text: buildDiagnosisPrompt(context, findings) }] }],
        inferenceConfig: { maxTokens: 300, temperature: 0 },
      }),
      { abortSignal: signal },
    );
    const text = (output.output?.message?.content ?? [])
      .map((block) => ('text' in block && typeof block.text === 'string' ? block.text : ''))
      .join('')
      .trim();
    if (text === '') throw new Error('Bedrock answered no text');
    return clipSummary(text);
  }
}
