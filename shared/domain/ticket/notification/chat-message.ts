/**
 * What a new-ticket notification carries: stored on the ticket item (the outbox, see outbox.ts).
 * No webhook URL: the worker reads it at delivery time.
 */
export interface ChatNotificationJob {
  organizationId: string;
  ticketId: string;
  title: string;
  priority: string;
  category: string | null;
  customerEmail: string;
  /** The first customer message of the ticket, or null when it has none. */
  firstCustomerMessage: string | null;
  /**
   * The ticket's diagnosis summary, added at delivery time when the diagnosis was ready by then
   * (never stored in the outbox: delivery does not wait for it).
   */
  diagnosisSummary?: string | null;
  /**
   * What happened (issue 16): a new ticket (absent: the original job), a ticket `solved`, or a
   * `customer_message` on an assigned ticket. Lifecycle jobs ride on the change's event item.
   * Internal notes never make a job, so their text can never reach the chat.
   */
  kind?: 'created' | 'solved' | 'customer_message';
  /** The customer's new message (`customer_message` only). */
  customerMessage?: string | null;
  assignee?: string | null;
  status?: string;
}

/** Slack section text is limited to 3000 characters. */
const SECTION_TEXT_MAX = 2900;

/** Slack mrkdwn needs only &, < and > escaped. */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Checks a stored job (from a stream record's new image); throws on anything that is not a job. */
export function toJob(value: unknown): ChatNotificationJob {
  if (value === null || typeof value !== 'object') throw new Error('chat notification job missing');
  const job = value as Partial<Record<keyof ChatNotificationJob, unknown>>;
  for (const field of ['organizationId', 'ticketId', 'title', 'priority', 'customerEmail'] as const) {
    if (typeof job[field] !== 'string') throw new Error(`chat notification job without ${field}`);
  }
  for (const field of ['category', 'firstCustomerMessage'] as const) {
    if (job[field] !== null && job[field] !== undefined && typeof job[field] !== 'string') throw new Error(`chat notification job with a bad ${field}`);
  }
  return { ...(job as ChatNotificationJob), category: (job.category as string | null | undefined) ?? null, firstCustomerMessage: (job.firstCustomerMessage as string | null | undefined) ?? null };
}

/**
 * Slack-compatible incoming-webhook payload: `text` (the fallback every compatible receiver
 * shows, and the one Mattermost/Rocket.Chat-style receivers read) plus Block Kit blocks.
 */
export function buildChatPayload(job: ChatNotificationJob) {
  if (job.kind === 'solved' || job.kind === 'customer_message') return buildLifecyclePayload(job);
  const category = job.category ?? 'uncategorised';
  const first = job.firstCustomerMessage ?? '(no customer message)';
  const text =
    `New ticket: ${job.title}\nPriority: ${job.priority} | Category: ${category} | Customer: ${job.customerEmail}\n` +
    `First customer message: ${first}` +
    (job.diagnosisSummary ? `\nDiagnosis: ${job.diagnosisSummary}` : '');
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
      ...(job.diagnosisSummary ? [{ type: 'section', text: { type: 'mrkdwn', text: clip(`*Diagnosis*\n${escape(job.diagnosisSummary)}`, SECTION_TEXT_MAX) } }] : []),
    ],
  };
}

/** A lifecycle line: a ticket solved, or a customer writing on an assigned ticket (customer-facing text only). */
function buildLifecyclePayload(job: ChatNotificationJob) {
  const headline = job.kind === 'solved' ? `Ticket solved: ${job.title}` : `Customer replied: ${job.title}`;
  const who = `Priority: ${job.priority} | Assignee: ${job.assignee ?? 'none'} | Customer: ${job.customerEmail} | Ticket: ${job.ticketId}`;
  const message = job.kind === 'customer_message' ? `\nCustomer message: ${job.customerMessage ?? ''}` : '';
  const text = `${headline}\n${who}${message}`;
  return {
    text: clip(escape(text), 3900),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clip(headline, 150) } },
      { type: 'section', text: { type: 'mrkdwn', text: clip(escape(who), SECTION_TEXT_MAX) } },
      ...(job.kind === 'customer_message'
        ? [{ type: 'section', text: { type: 'mrkdwn', text: clip(`*Customer message*\n>${escape(job.customerMessage ?? '').replace(/\n/g, '\n>')}`, SECTION_TEXT_MAX) } }]
        : []),
    ],
  };
}
