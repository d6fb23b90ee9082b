import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api, CONSOLE_API } from '../../api/client';
import type { DevicePageResponse, Series } from '../../api/types';
import { formatDateTime, formatNumber, formatRelative, statusLabel } from '../../lib/format';
import { incidentSpans, RANGES, rangeBounds, type RangeName } from '../../lib/ranges';
import { TimeChart } from '../../ui/TimeChart';
import { Badge, Empty, ErrorMessage, Loading, Section } from '../../ui/primitives';

const deviceKeys = {
  page: (id: string) => ['device', id] as const,
  series: (id: string, from: string, to: string) => ['device-series', id, from, to] as const,
};

function Timeline({ data }: { data: DevicePageResponse }) {
  const identifier = data.device.identifier;
  const [range, setRange] = useState<RangeName>('24h');
  const [custom, setCustom] = useState({ from: '', to: '' });
  // The range ends "now" as of when it was picked, so the query key is stable between renders.
  const [now, setNow] = useState(() => Date.now());
  const bounds = rangeBounds(range, now, custom);
  const series = useQuery({
    queryKey: 'error' in bounds ? ['device-series', identifier, 'invalid'] : deviceKeys.series(identifier, bounds.from, bounds.to),
    queryFn: () =>
      'error' in bounds ? Promise.reject(new Error(bounds.error)) : api<Series>(`${CONSOLE_API}/devices/${encodeURIComponent(identifier)}/series?from=${bounds.from}&to=${bounds.to}`),
    enabled: !('error' in bounds),
  });
  const names = Object.keys(series.data?.values ?? {});
  const connection = data.device.connection;
  const markers = connection?.firmwareSince ? [{ at: Date.parse(connection.firmwareSince) / 1000, label: `Firmware ${connection.firmware.softwareVersion ?? ''}` }] : [];
  if (connection?.crashes.lastAt) markers.push({ at: Date.parse(connection.crashes.lastAt) / 1000, label: 'Last crash' });
  return (
    <Section
      title="Timeline"
      actions={
        <div className="ranges" role="group" aria-label="Time range">
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              className={range === r ? 'view active' : 'view'}
              onClick={() => {
                setRange(r);
                setNow(Date.now());
              }}
            >
              {r}
            </button>
          ))}
          <button type="button" aria-pressed={range === 'custom'} className={range === 'custom' ? 'view active' : 'view'} onClick={() => setRange('custom')}>
            Range
          </button>
        </div>
      }
    >
      {range === 'custom' && (
        <div className="filters">
          <label className="filter">
            <span>From</span>
            <input type="datetime-local" value={custom.from} onChange={(e) => setCustom({ ...custom, from: e.target.value })} />
          </label>
          <label className="filter">
            <span>To</span>
            <input type="datetime-local" value={custom.to} onChange={(e) => setCustom({ ...custom, to: e.target.value })} />
          </label>
        </div>
      )}
      {'error' in bounds ? (
        <p className="muted">{bounds.error}</p>
      ) : series.isPending ? (
        <Loading what="telemetry" />
      ) : series.isError ? (
        <ErrorMessage error={series.error} retry={() => void series.refetch()} />
      ) : series.data.t.length === 0 ? (
        <Empty>No telemetry in this range.</Empty>
      ) : (
        <>
          <TimeChart
            label={`Telemetry of ${identifier}: ${names.join(', ')}; incidents shaded`}
            t={series.data.t}
            series={names.map((name) => ({ name, values: series.data.values[name] ?? [] }))}
            spans={incidentSpans(data.incidents, Date.now())}
            markers={markers}
          />
          {series.data.truncated && <p className="muted">Only the first 50,000 records of this range are drawn; pick a shorter range.</p>}
        </>
      )}
    </Section>
  );
}

export default function DevicePage({ identifier }: { identifier: string }) {
  const page = useQuery({ queryKey: deviceKeys.page(identifier), queryFn: () => api<DevicePageResponse>(`${CONSOLE_API}/devices/${encodeURIComponent(identifier)}`) });
  if (page.isPending) return <Loading what="the device" />;
  if (page.isError) return <ErrorMessage error={page.error} retry={() => void page.refetch()} />;
  const { device, latest, incidents, tickets } = page.data;
  const c = device.connection;
  return (
    <div className="device-page">
      <div className="page-head">
        <h1>{device.identifier}</h1>
        <span className="muted">{device.type}</span>
      </div>
      <div className="grid3">
        <Section title="Owners">
          {device.owners.length === 0 ? (
            <Empty>No owners.</Empty>
          ) : (
            <ul>
              {device.owners.map((o) => (
                <li key={o.customerId}>
                  <Link href={`/customers/${o.customerId}`}>{o.email}</Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Connection">
          {c ? (
            <dl className="facts">
              <dt>Firmware</dt>
              <dd>{c.firmware.softwareVersion ?? '—'}</dd>
              <dt>Hardware</dt>
              <dd>{c.firmware.hardwareVersion ?? '—'}</dd>
              <dt>Crashes (24 h)</dt>
              <dd>{c.crashes.last24h}</dd>
              <dt>Reboots (24 h)</dt>
              <dd>{c.reboots.last24h}</dd>
              <dt>Last sync</dt>
              <dd>{formatDateTime(c.lastSyncAt)}</dd>
              {c.lastSyncError && (
                <>
                  <dt>Sync error</dt>
                  <dd className="bad">{c.lastSyncError}</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="muted">Not connected to a crash-reporting service.</p>
          )}
        </Section>
        <Section title="Latest">
          {Object.keys(latest.measurements).length === 0 ? (
            <Empty>No telemetry yet.</Empty>
          ) : (
            <dl className="facts">
              {Object.entries(latest.measurements).map(([name, m]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>
                    {formatNumber(m.value)} <span className="muted small">{formatRelative(m.timestamp, Date.now())}</span>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </Section>
      </div>
      <Timeline data={page.data} />
      <div className="grid2">
        <Section title="Incidents">
          {incidents.length === 0 ? (
            <Empty>No incidents.</Empty>
          ) : (
            <ul>
              {incidents.map((i) => (
                <li key={i.incidentId}>
                  <Badge tone={i.status === 'open' ? 'bad' : 'ok'}>{i.status}</Badge> {i.kind.replace('_', ' ')} {i.measurement ?? ''} · {formatDateTime(i.startedAt)}
                  {i.ticketId && (
                    <>
                      {' '}
                      · <Link href={`/tickets/${i.ticketId}`}>ticket</Link>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
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
