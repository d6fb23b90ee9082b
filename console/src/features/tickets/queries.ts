import { useQuery } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { QueueResponse, TicketPageResponse } from '../../api/types';

/** One query key per resource. */
export const ticketKeys = {
  queue: (search: string) => ['queue', search] as const,
  ticket: (ticketId: string) => ['ticket', ticketId] as const,
};

export const useQueue = (search: string) =>
  useQuery({ queryKey: ticketKeys.queue(search), queryFn: () => api<QueueResponse>(`${CONSOLE_API}/tickets${search ? `?${search}` : ''}`) });

/** The whole ticket page in one request (ticket, customer, devices with health, incident and its series). */
export const useTicketPage = (ticketId: string) =>
  useQuery({ queryKey: ticketKeys.ticket(ticketId), queryFn: () => api<TicketPageResponse>(`${CONSOLE_API}/tickets/${encodeURIComponent(ticketId)}`) });
