/** What a new-ticket notification carries (the SQS message body in AWS). No webhook URL: the worker reads it. */
export interface ChatNotificationJob {
  organizationId: string;
  ticketId: string;
  title: string;
  priority: string;
  category: string | null;
  customerEmail: string;
  /** The first customer message of the ticket, or null when it has none. */
  firstCustomerMessage: string | null;
}

/** Slack section text is limited to 3000 characters. */
const SECTION_TEXT_MAX = 2900;

/** Slack mrkdwn needs only &, < and > escaped. */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Parses and checks a queue message body; throws on anything that is not a job. */
export function parseJob(body: string): ChatNotificationJob {
  const job = JSON.parse(body) as Partial<ChatNotificationJob>;
  for (const field of ['organizationId', 'ticketId', 'title', 'priority', 'customerEmail'] as const) {
    if (typeof job[field] !== 'string') throw new Error(`chat notification job without ${field}`);
  }
  return job as ChatNotificationJob;
}

/**
 * Slack-compatible incoming-webhook payload: `text` (the fallback every compatible receiver
 * shows, and the one Mattermost/Rocket.Chat-style receivers read) plus Block Kit blocks.
 */
export function buildChatPayload(job: ChatNotificationJob) {
  const category = job.category ?? 'uncategorised';
  const first = job.firstCustomerMessage ?? '(no customer message)';
  const text =
    `New ticket: ${job.title}\nPriority: ${job.priority} | Category: ${category} | Customer: ${job.customerEmail}\n` +
    `First customer message: ${first}`;
  return {
    text: clip(escape(text), 3900),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(`New ticket: ${job.title}`, 150) } },
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: `*Priority*\n${escape(job.priority)}` },
          { type: 'mrkdwn', text: `*Category*\n${escape(category)}` },
          { type: 'mrkdwn', text: `*Customer*\n${escape(job.customerEmail)}` },
          { type: 'mrkdwn', text: `*Ticket*\n${escape(job.ticketId)}` },
        ],
      },
      { type: 'section', text: { type: 'mrkdwn', text: clip(`*First customer message*\n>${escape(first).replace(/\n/g, '\n>')}`, SECTION_TEXT_MAX) } },
    ],
  };
}
