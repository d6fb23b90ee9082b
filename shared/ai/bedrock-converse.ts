import type { ConverseCommand, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';

/** The part of BedrockRuntimeClient the adapters use; tests pass a fake. */
export interface ConverseClient {
  send(command: ConverseCommand, options?: { abortSignal?: AbortSignal }): Promise<ConverseCommandOutput>;
}

/**
 * One text-in, text-out call of Amazon Bedrock's Converse API (any text model that supports it),
 * shared by the ticket classifier and the diagnosis summary. The SDK is imported on first use only:
 * it is external to the bundles (the nodejs22.x runtime provides it), so a function that never
 * selects Bedrock never loads it.
 */
export class BedrockConverse {
  private client?: ConverseClient;

  constructor(
    readonly modelId: string,
    client?: ConverseClient,
  ) {
    this.client = client;
  }

  /** The model's answer as plain text (text blocks joined, trimmed); `temperature` 0 for repeatable answers. */
  async text(request: { system: string; prompt: string; maxTokens: number; signal: AbortSignal }): Promise<string> {
    const sdk = await import('@aws-sdk/client-bedrock-runtime');
    this.client ??= new sdk.BedrockRuntimeClient({ maxAttempts: 2 });
    const output = await this.client.send(
      new sdk.ConverseCommand({
        modelId: this.modelId,
        system: [{ text: request.system }],
        messages: [{ role: 'user', content: [{ text: request.prompt }] }],
        inferenceConfig: { maxTokens: request.maxTokens, temperature: 0 },
      }),
      { abortSignal: request.signal },
    );
    return (output.output?.message?.content ?? [])
      .map((block) => ('text' in block && typeof block.text === 'string' ? block.text : ''))
      .join('')
      .trim();
  }
}
