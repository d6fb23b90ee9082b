import { Link } from 'wouter';
import type { DeviceHealth, MeResponse, TicketPageResponse } from '../../api/types';
import { formatDateTime, formatRelative, statusLabel } from '../../lib/format';
import { incidentSpans } from '../../lib/ranges';
import { TimeChart } from '../../ui/TimeChart';
import { Badge, Empty, ErrorMessage, healthTone, Loading, Section, severityTone } from '../../ui/primitives';
import { useTicketPage } from './queries';
import { ActivityTimeline, Composer, TicketControls } from './TicketWork';

type Ticket = TicketPageResponse['ticket'];

function Conversation({ ticket }: { ticket: Ticket }) {
  if (ticket.messages.length === 0) return <Empty>No messages yet.</Empty>;
  return (
    <ol className="conversation">
      {ticket.messages.map((m, i) => {
        // Internal notes (the lifecycle's `internal: true`) are told apart from what the customer sees.
        const internal = m.internal === true;
        return (
          <li key={m.messageId ?? i} className={`message message-${internal ? 'note' : m.role}`} aria-label={internal ? 'Internal note' : `${m.role} message`}>
            <div className="message-head">
              <strong>{internal ? 'Internal note' : m.role === 'customer' ? 'Customer' : m.role === 'agent' ? 'Agent' : 'Bot'}</strong>
              {m.author && <span className="muted"> · {m.author}</span>}
              {m.createdAt && (
                <time className="muted small" dateTime={m.createdAt}>
                  {' '}
                  · {formatDateTime(m.createdAt)}
                </time>
              )}
            </div>
            <p>{m.content}</p>
          </li>
        );
      })}
    </ol>
  );
}

function Diagnosis({ diagnosis }: { diagnosis: Ticket['diagnosis'] }) {
  if (diagnosis.status === 'pending') return <p className="muted">The diagnosis is running…</p>;
  return (
    <>
      <p>{diagnosis.summary || 'No summary.'}</p>
      {diagnosis.findings.length > 0 && (
        <ul className="findings">
          {diagnosis.findings.map((f, i) => (
            <li key={i}>
              <Badge tone={severityTone(f.severity)}>{f.severity}</Badge> <strong>{f.deviceIdentifier}</strong>: {f.text}
              {Object.keys(f.evidence).length > 0 && (
                <dl className="evidence">
                  {Object.entries(f.evidence).map(([k, v]) => (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>{String(v)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">
        {diagnosis.generator ?? ''} {diagnosis.generatedAt ? `· ${formatDateTime(diagnosis.generatedAt)}` : ''}
      </p>
    </>
  );
}

export function DeviceList({ devices }: { devices: DeviceHealth[] }) {
  if (devices.length === 0) return <Empty>No devices.</Empty>;
  return (
    <ul className="devices">
      {devices.map((d) => (
        <li key={d.identifier}>
          <Link href={`/devices/${encodeURIComponent(d.identifier)}`}>{d.identifier}</Link> <span className="muted">{d.type ?? ''}</span>{' '}
          <Badge tone={healthTone(d.health)} label={`Health: ${d.health}${d.openIncidents ? `, ${d.openIncidents} open incident(s)` : ''}`}>
            {d.health === 'incident' ? `${d.openIncidents} incident${d.openIncidents > 1 ? 's' : ''}` : d.health}
          </Badge>
          <div className="muted small">last seen {formatRelative(d.lastSeenAt, Date.now())}</div>
        </li>
      ))}
    </ul>
  );
}

function IncidentChart({ data }: { data: TicketPageResponse }) {
  const { incident, incidentSeries } = data;
  if (!incident) return null;
  const name = incident.measurement ?? Object.keys(incidentSeries?.values ?? {})[0];
  return (
    <Section title="Incident">
      <p>
        <Badge tone={incident.status === 'open' ? 'bad' : 'ok'}>{incident.status}</Badge> {incident.kind.replace('_', ' ')} on <strong>{incident.measurement ?? 'the whole device'}</strong> since{' '}
        {formatDateTime(incident.startedAt)}
        {incident.resolvedAt ? `, resolved ${formatDateTime(incident.resolvedAt)}` : ''}
      </p>
      {incidentSeries && name && incidentSeries.t.length > 0 ? (
        <TimeChart
          label={`${name} around the incident, anomalous points marked`}
          t={incidentSeries.t}
          series={[{ name, values: incidentSeries.values[name] ?? [] }]}
          spans={incidentSpans([incident], Date.now())}
          points={incident.evidence.values.filter((v) => v.value !== null).map((v) => [Date.parse(v.timestamp) / 1000, v.value as number])}
          height={220}
        />
      ) : (
        <Empty>No telemetry around the incident.</Empty>
      )}
    </Section>
  );
}

export default function TicketPage({ ticketId, me }: { ticketId: string; me: MeResponse }) {
  const page = useTicketPage(ticketId);
  if (page.isPending) return <Loading what="the ticket" />;
  if (page.isError) return <ErrorMessage error={page.error} retry={() => void page.refetch()} />;
  const { ticket, customer, devices } = page.data;
  return (
    <div className="ticket-page">
      <div className="page-head">
        <h1>{ticket.title}</h1>
        <div className="meta">
          <Badge tone="info">{statusLabel(ticket.status)}</Badge> <Badge tone="muted">{ticket.priority}</Badge> {ticket.category && <Badge tone="muted">{ticket.category}</Badge>}{' '}
          <span className="muted">Assignee: {ticket.assignee ?? 'unassigned'}</span>
        </div>
      </div>
      <div className="columns">
        <div className="col-main">
          <Section title="Conversation">
            <Conversation ticket={ticket} />
            <Composer ticket={ticket} internal={false} />
            <Composer ticket={ticket} internal />
          </Section>
          <IncidentChart data={page.data} />
          <Section title="Activity">
            <ActivityTimeline ticketId={ticket.ticketId} />
          </Section>
        </div>
        <aside className="col-side" aria-label="Context">
          <Section title="Properties">
            <TicketControls key={ticket.ticketId} ticket={ticket} me={me} />
          </Section>
          <Section title="Diagnosis">
            <Diagnosis diagnosis={ticket.diagnosis} />
          </Section>
          <Section title="Customer">
            {customer ? (
              <>
                <p>
                  <Link href={`/customers/${customer.id}`}>{customer.name}</Link>
                  <br />
                  <a href={`mailto:${customer.email}`}>{customer.email}</a>
                  {customer.phone && (
                    <>
                      <br />
                      {customer.phone}
                    </>
                  )}
                </p>
              </>
            ) : (
              <p className="muted">No customer (a device without owners).</p>
            )}
            <h3>Devices</h3>
            <DeviceList devices={devices} />
          </Section>
        </aside>
      </div>
    </div>
  );
}
