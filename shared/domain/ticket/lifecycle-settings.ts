/**
 * The organization's ticket-lifecycle settings as read with a ticket, and their defaults, without the organization
 * service (ticket-settings.ts re-exports all of it and sets them): for the ticket services and the workers.
 */

/**
 * The organization's ticket-lifecycle settings (issue 16), attributes of its settings item
 * (`ORG#<org>#CONFIG` / `SETTINGS`, next to the chat webhook URL), so a ticket change reads them
 * in the same BatchGetItem as the ticket. Set with the operator CLI.
 */
export interface TicketLifecycleSettings {
  chatWebhookUrl: string | null;
  /** Days after which a solved ticket closes by itself (`org set-auto-close`). */
  autoCloseDays: number;
  /** Solve a proactive ticket when its incident resolves and no agent has replied (`org set-proactive --auto-solve`). */
  proactiveAutoSolve: boolean;
  /** Chat line when a ticket is solved (`org set-chat-notify --solved on`). */
  notifyOnSolved: boolean;
  /** Chat line for a new customer message on an assigned ticket (`org set-chat-notify --customer-messages on`). */
  notifyCustomerMessages: boolean;
}

export const AUTO_CLOSE_DAYS_DEFAULT = 7;
export const AUTO_CLOSE_DAYS_MAX = 90;

/**
 * `proactiveAutoSolve` of the settings item (or nothing): off unless set. The only setting the anomaly
 * workers read (proactive-resolution.ts, and loadTicketConfig for proactive tickets made already solved), so
 * they bundle this and not the whole {@link lifecycleSettingsOf}.
 */
export const proactiveAutoSolveOf = (item: Record<string, unknown> | undefined): boolean => item?.proactiveAutoSolve === true;

/** The settings item (or nothing) → the settings, with the defaults. */
export function lifecycleSettingsOf(item: Record<string, unknown> | undefined): TicketLifecycleSettings {
  return {
    chatWebhookUrl: (item?.chatWebhookUrl as string | undefined) ?? null,
    autoCloseDays: (item?.autoCloseDays as number | undefined) ?? AUTO_CLOSE_DAYS_DEFAULT,
    proactiveAutoSolve: proactiveAutoSolveOf(item),
    notifyOnSolved: item?.notifyOnSolved === true,
    notifyCustomerMessages: item?.notifyCustomerMessages === true,
  };
}
