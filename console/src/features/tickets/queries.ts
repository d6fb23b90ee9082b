import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, CONSOLE_API } from '../../api/client';
import type { QueueResponse, Ticket, TicketPageResponse } from '../../api/types';
import type { TicketEvent } from './ticket-work';

/** One query key per resource. */
export const ticketKeys = {
  queue: (search: string) => ['queue', search] as const,
  ticket: (ticketId: string) => ['ticket', ticketId] as const,
  events: (ticketId: string) => ['ticket-events', ticketId] as const,
};

export const useQueue = (search: string) =>
  useQuery({ queryKey: ticketKeys.queue(search), queryFn: () => api<QueueResponse>(`${CONSOLE_API}/tickets${search ? `?${search}` : ''}`) });

/** The whole ticket page in one request (ticket, customer, devices with health, incident and its series). */
export const useTicketPage = (ticketId: string) =>
  useQuery({ queryKey: ticketKeys.ticket(ticketId), queryFn: () => api<TicketPageResponse>(`${CONSOLE_API}/tickets/${encodeURIComponent(ticketId)}`) });

/** The activity timeline, oldest first, a page at a time (GET …/events). */
export const useTicketEvents = (ticketId: string) =>
  useInfiniteQuery({
    queryKey: ticketKeys.events(ticketId),
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      api<{ events: TicketEvent[]; nextCursor: string | null }>(`${CONSOLE_API}/tickets/${encodeURIComponent(ticketId)}/events?limit=100${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** After a change: the page shows the ticket the server answered with; the timeline and queue refetch. */
function useApplyTicket(ticketId: string) {
  const client = useQueryClient();
  return (ticket: Ticket) => {
    client.setQueryData<TicketPageResponse>(ticketKeys.ticket(ticketId), (old) => (old ? { ...old, ticket } : old));
    void client.invalidateQueries({ queryKey: ticketKeys.events(ticketId) });
    void client.invalidateQueries({ queryKey: ['queue'] });
  };
}

/** PATCH with the version the agent read as If-Match: a concurrent change is a 412 carrying the current ticket. */
export function useUpdateTicket(ticketId: string) {
  const apply = useApplyTicket(ticketId);
  return useMutation({
    mutationFn: ({ patch, version }: { patch: Record<string, unknown>; version: number }) =>
      api<Ticket>(`${CONSOLE_API}/tickets/${encodeURIComponent(ticketId)}`, { method: 'PATCH', body: patch, headers: { 'if-match': `"${version}"` } }),
    onSuccess: apply,
  });
}

/** A reply or an internal note, written as the signed-in agent. */
export function useAddMessage(ticketId: string) {
  const apply = useApplyTicket(ticketId);
  return useMutation({
    mutationFn: (message: { content: string; internal: boolean }) => api<Ticket>(`${CONSOLE_API}/tickets/${encodeURIComponent(ticketId)}/messages`, { method: 'POST', body: message }),
    onSuccess: apply,
  });
}

/** A 412's current ticket goes into the page too, so the controls show what is true now. */
export function useReplaceTicket(ticketId: string) {
  return useApplyTicket(ticketId);
}
