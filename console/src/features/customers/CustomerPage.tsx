import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api, CONSOLE_API } from '../../api/client';
import type { CustomerPageResponse } from '../../api/types';
import { formatDateTime, statusLabel } from '../../lib/format';
import { Empty, ErrorMessage, Loading, Section } from '../../ui/primitives';
import { DeviceList } from '../tickets/TicketPage';

export default function CustomerPage({ customerId }: { customerId: string }) {
  const page = useQuery({ queryKey: ['customer', customerId], queryFn: () => api<CustomerPageResponse>(`${CONSOLE_API}/customers/${encodeURIComponent(customerId)}`) });
  if (page.isPending) return <Loading what="the customer" />;
  if (page.isError) return <ErrorMessage error={page.error} retry={() => void page.refetch()} />;
  const { customer, devices, tickets } = page.data;
  return (
    <div>
      <div className="page-head">
        <h1>{customer.name}</h1>
      </div>
      <div className="grid3">
        <Section title="Details">
          <dl className="facts">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{customer.phone ?? '—'}</dd>
            <dt>Address</dt>
            <dd>{customer.address ?? '—'}</dd>
            <dt>Customer since</dt>
            <dd>{formatDateTime(customer.createdAt)}</dd>
          </dl>
        </Section>
        <Section title="Devices">
          <DeviceList devices={devices} />
        </Section>
        <Section title="Tickets">
          {tickets.length === 0 ? (
            <Empty>No tickets.</Empty>
          ) : (
            <ul>
              {tickets.map((t) => (
                <li key={t.ticketId}>
                  <Link href={`/tickets/${t.ticketId}`}>{t.title}</Link> <span className="muted">{statusLabel(t.status)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}
