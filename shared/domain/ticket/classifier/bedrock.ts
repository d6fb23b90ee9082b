import { BedrockConverse, type ConverseClient } from '../../../ai/bedrock-converse';
import { findCategoryName } from '../../ticket-config/category-names';
import type { TicketText } from '../ticket-text';
import type { CategoryOption, Classifier } from './classifier';


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

/** Amazon Bedrock classifier through the Converse API (any text model that supports it). */
export class BedrockClassifier implements Classifier {
  readonly name = 'bedrock';
  private readonly bedrock: BedrockConverse;

  constructor(options: { modelId: string; client?: ConverseClient }) {
    this.bedrock = new BedrockConverse(options.modelId, options.client);
  }

  async classify(ticket: TicketText, categories: CategoryOption[], signal: AbortSignal): Promise<string | null> {
    const text = await this.bedrock.text({ system: SYSTEM_PROMPT, prompt: buildPrompt(ticket, categories), maxTokens: 50, signal });
    const answer = text.replace(/^["'`*\s]+|["'`*.\s]+$/g, '');
    if (answer === '' || answer.toLowerCase() === 'none') return null;
    return findCategoryName(categories, answer);
  }
}
