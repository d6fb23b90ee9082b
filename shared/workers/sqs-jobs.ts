import { optionalEnv } from '../config/env';

/**
 * Sending jobs to a queue-fed worker (shared/routes.ts `queueWorkers`): SQS through the runtime SDK,
 * 10 messages a SendMessageBatch; any failed entry fails the call (the caller's retry sends again).
 * Without the queue's URL variable (the local stack) there is no queue and callers work in process.
 */

export interface JobSender<T> {
  send(jobs: T[]): Promise<void>;
}

// Not a dependency: the nodejs22.x runtime provides it and lib/bundling.ts keeps it external.
const SQS_MODULE: string = '@aws-sdk/client-sqs';

type SqsSdk = {
  SQSClient: new (config: object) => { send(command: unknown): Promise<{ Failed?: { Id?: string; Message?: string }[] }> };
  SendMessageBatchCommand: new (input: object) => unknown;
};
let sqs: Promise<{ sdk: SqsSdk; client: InstanceType<SqsSdk['SQSClient']> }> | undefined;

/** A sender to the queue at `url`. */
export function sqsJobSender<T>(url: string): JobSender<T> {
  return {
    async send(jobs) {
      sqs ??= (import(SQS_MODULE) as Promise<SqsSdk>).then((sdk) => ({ sdk, client: new sdk.SQSClient({ maxAttempts: 3 }) }));
      const { sdk, client } = await sqs;
      for (let i = 0; i < jobs.length; i += 10) {
        const entries = jobs.slice(i, i + 10).map((job, n) => ({ Id: String(n), MessageBody: JSON.stringify(job) }));
        const out = await client.send(new sdk.SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
        if (out.Failed?.length) throw new Error(`SendMessageBatch failed for ${out.Failed.length} job(s): ${out.Failed[0]?.Message ?? ''}`);
      }
    },
  };
}

/** The queue named by `urlEnv`, or undefined when the variable is not set (no queue: work in process). */
export function jobSenderFromEnv<T>(urlEnv: string): JobSender<T> | undefined {
  const url = optionalEnv(urlEnv);
  return url ? sqsJobSender<T>(url) : undefined;
}
