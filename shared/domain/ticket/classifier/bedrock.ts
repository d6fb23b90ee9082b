import type { ConverseCommand, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import { findCategoryName } from '../../ticket-config/ticket-config.schema';
import type { TicketText } from '../ticket-text';
import type { CategoryOption, Classifier } from './classifier';

/** The part of BedrockRuntimeClient the adapter uses; tests pass a fake. */
export interface ConverseClient {
  send(command: ConverseCommand, options?: { abortSignal?: AbortSignal }): Promise<ConverseCommandOutput>;
}

/** How much ticket text is sent to the model (cost and latency bound). */
export const BEDROCK_TICKET_CHARS_MAX = 6000;

const SYSTEM_PROMPT =
  'You classify customer support tickets for a hardware maker. Answer with exactly one category name from the list, ' +
  'copied verbatim, or the word none if no category fits. Answer with the name only, no other words.';

export function buildPrompt(ticket: TicketText, categories: CategoryOption[]): string {
  const list = categories.map((c) => `- ${c.name}${c.description ? `: ${c.description}` : ''}`).join('\n');
  const conversation = ticket.messages.map((m) => `${m.role}: ${m.content}`).join('\n');
  const text = `Title: ${ticket.title}\nDescription: ${ticket.description}\nConversation:\n${conversation}`.slice(0, BEDROCK_TICKET_CHARS_MAX);
  return `Categories:\n${list}\n\nTicket:\n${text}\n\nCategory:`;
}

/**
 * Amazon Bedrock classifier through the Converse API (any text model that supports it).
 * The SDK is imported on first use only, so bundles that never select Bedrock never run it.
 */
export class BedrockClassifier implements Classifier {
  readonly name = 'bedrock';
  private client?: ConverseClient;

  constructor(private readonly options: { modelId: string; client?: ConverseClient }) {
    this.client = options.client;
  }

  async classify(ticket: TicketText, categories: CategoryOption[], signal: AbortSignal): Promise<string | null> {
    const sdk = await import('@aws-sdk/client-bedrock-runtime');
    this.client ??= new sdk.BedrockRuntimeClient({ maxAttempts: 2 });
    const output = await this.client.send(
      new sdk.ConverseCommand({
        modelId: this.options.modelId,
        system: [{ text: SYSTEM_PROMPT }],
        messages: [{ role: 'user', content: [{ text: buildPrompt(ticket, categories) }] }],
        inferenceConfig: { maxTokens: 50, temperature: 0 },
      }),
      { abortSignal: signal },
    );
    const answer = (output.output?.message?.content ?? [])
      .map((block) => ('text' in block && typeof block.text === 'string' ? block.text : ''))
      .join('')
      .trim()
      .replace(/^["'`*\s]+|["'`*.\s]+$/g, '');
    if (answer === '' || answer.toLowerCase() === 'none') return null;
    return findCategoryName(categories, answer);
  }
}
