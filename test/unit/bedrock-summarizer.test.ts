import type { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import type { ConverseClient } from '../../shared/ai/bedrock-converse';
import { BedrockSummarizer } from '../../shared/domain/diagnosis/bedrock';
import type { DiagnosisContext } from '../../shared/domain/diagnosis/context';
import { SUMMARY_MAX } from '../../shared/domain/diagnosis/diagnosis.schema';

const context: DiagnosisContext = {
  organizationId: 'org',
  ticket: { ticketId: 't', title: 'Thermostat dead', description: 'No display', source: 'api', customerId: null, deviceIdentifier: null, incidentId: null, diagnosis: undefined, version: 1 },
  devices: [],
  now: Date.UTC(2026, 10, 21),
};

const answering = (text: string) => {
  const sent: ConverseCommand[] = [];
  const client: ConverseClient = {
    send: async (command) => {
      sent.push(command);
      return { output: { message: { role: 'assistant', content: [{ text }] } } } as never;
    },
  };
  return { client, sent };
};

describe('Bedrock diagnosis summary (Converse API, fake client)', () => {
  it('sends the model id, the system prompt and the ticket, and clips the answer to the summary limit', async () => {
    const { client, sent } = answering(`  ${'x'.repeat(SUMMARY_MAX + 50)}  `);
    const summarizer = new BedrockSummarizer({ modelId: 'amazon.nova-lite-v1:0', client });
    const summary = await summarizer.summarize(context, [], AbortSignal.timeout(1000));
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(summarizer.name).toBe('bedrock:amazon.nova-lite-v1:0');
    expect(sent[0]?.input).toMatchObject({ modelId: 'amazon.nova-lite-v1:0', inferenceConfig: { temperature: 0 } });
    expect(JSON.stringify(sent[0]?.input.messages)).toContain('Thermostat dead');
  });

  it('an empty answer is a failure (so the embedded summary is used), not an empty summary', async () => {
    const { client } = answering('   ');
    await expect(new BedrockSummarizer({ modelId: 'm', client }).summarize(context, [], AbortSignal.timeout(1000))).rejects.toThrow('Bedrock answered no text');
  });
});
