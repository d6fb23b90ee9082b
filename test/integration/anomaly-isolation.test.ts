import * as anomaly from '../../shared/domain/anomaly/anomaly.service';
import { documentClient } from '../../shared/db/client';
import { assignDeviceToOwners } from '../../shared/domain/assignment/assignment.service';
import { upsertDevice } from '../../shared/domain/device/device.service';
import { storeTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { TICKET_OWNERS_MAX } from '../../shared/domain/ticket/ticket.schema';
import { getTicket } from '../../shared/domain/ticket/ticket-read.service';
import { handler as sweepWorker } from '../../functions/workers/dropout-sweep';
import { handler as sweepSchedule } from '../../functions/schedules/dropout-sweep';
import * as sqsJobs from '../../shared/workers/sqs-jobs';
import { silentDevice } from '../support/anomaly-upload';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/**
 * Issue 23 #2 and #3: one device (or one organization) must not stop detection for the others,
 * and the crash lane must see its records however often the device reports.
 */

const MIN = 60_000;
// Every series ends a little before the real clock: ingestion refuses timestamps in the future.
const NOW = Math.floor(Date.now() / MIN) * MIN - 5 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

/** `n` one-minute device readings ending at `end`. */
const readings = (n: number, end: number) =>
  Array.from({ length: n }, (_, i) => ({ timestamp: iso(end - (n - 1 - i) * MIN), measurements: { temperature: 21 + 0.3 * Math.sin(i) } }));

describe('issue 23 #3: the crash-burst rule on a device that reports often', () => {
  it.each([100, 600])('%i device records in the window: crashes_24h = 9 opens the built-in incident', async (n) => {
    const { org } = await newOrg();
    const identifier = `BUSY-${n}`;
    await upsertDevice(org, { identifier, type: 'sensor' });
    // The device's own reports fill the first pages of its partition; the sync's record comes last.
    await storeTelemetry(org, { deviceIdentifier: identifier, records: readings(n, NOW - 2 * MIN) }, 'rest', NOW);
    await storeTelemetry(org, { deviceIdentifier: identifier, records: [{ timestamp: iso(NOW), measurements: { crashes_24h: 9, reboots_24h: 9 } }] }, 'crash', NOW);
    const result = await anomaly.detectForDevice(org.organizationId, identifier, NOW + 1000, ['crash']);
    expect(result.opened).toHaveLength(1);
    const { incidents } = await anomaly.listDeviceIncidents(org as OrgContext, identifier, {});
    expect(incidents).toEqual([expect.objectContaining({ kind: 'threshold', measurement: 'crashes_24h', status: 'open' })]);
  }, 60_000);
});

/** A device silent since an hour of reports every 5 minutes (test/support/anomaly-upload.ts): when the sweep finds it overdue. */
const silentDeviceDue = async (org: OrgContext, identifier: string) => (await silentDevice(org, identifier, NOW)).due;

/** Makes the table refuse every transaction that mentions `marker` (the commit of that device's incident and ticket). */
function refuseTransactionsOf(marker: string) {
  const client = documentClient();
  const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
  return jest.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string }; input: unknown }) => {
    if (command.constructor.name === 'TransactWriteCommand' && JSON.stringify(command.input).includes(marker)) {
      return Promise.reject(new Error('Item size has exceeded the maximum allowed size'));
    }
    return send(command);
  }) as never);
}

const openIncidents = async (org: OrgContext, identifier: string) => (await anomaly.listDeviceIncidents(org, identifier, { status: 'open' })).incidents;

describe('issue 23 #2: one device cannot stop the dropout sweep', () => {
  let a: OrgContext;
  let b: OrgContext;
  let due: number;
  beforeAll(async () => {
    ({ org: a } = await newOrg('Sweep A'));
    ({ org: b } = await newOrg('Sweep B'));
    due = await silentDeviceDue(a, 'POISON-1');
    await silentDeviceDue(a, 'A-OK');
    await silentDeviceDue(b, 'B-OK');
  }, 120_000);

  it('a device whose ticket cannot be written is logged, counted and skipped; its organization and the others are swept', async () => {
    const spy = refuseTransactionsOf('POISON-1');
    let result;
    try {
      result = await anomaly.sweepDropouts({ now: due, queue: null });
    } finally {
      spy.mockRestore();
    }
    expect(result).toMatchObject({ failed: 1, failedOrganizations: 0 });
    expect(result.opened).toBeGreaterThanOrEqual(2);
    expect(await openIncidents(a, 'A-OK')).toEqual([expect.objectContaining({ kind: 'dropout' })]);
    expect(await openIncidents(b, 'B-OK')).toEqual([expect.objectContaining({ kind: 'dropout' })]);
    expect(await openIncidents(a, 'POISON-1')).toEqual([]);
  }, 60_000);

  it('with the queue it fans out one job per organization; the worker fails only the job of the organization with the failing device', async () => {
    const sent: anomaly.SweepJob[] = [];
    const fanned = await anomaly.sweepDropouts({ now: due, queue: { send: async (jobs) => void sent.push(...jobs) } });
    expect(fanned.enqueued).toBe(fanned.organizations);
    expect(sent).toEqual(expect.arrayContaining([{ organizationId: a.organizationId, at: iso(due) }, { organizationId: b.organizationId, at: iso(due) }]));
    expect(fanned.checked).toBe(0);

    const spy = refuseTransactionsOf('POISON-1');
    let out;
    try {
      out = await sweepWorker({
        Records: [
          { messageId: 'job-a', body: JSON.stringify({ organizationId: a.organizationId, at: iso(due + MIN) }) } as never,
          { messageId: 'job-b', body: JSON.stringify({ organizationId: b.organizationId, at: iso(due + MIN) }) } as never,
          { messageId: 'junk', body: 'not json' } as never,
        ],
      });
    } finally {
      spy.mockRestore();
    }
    // SQS retries job-a, then dead-letters it (DLQ alarm); job-b is done.
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'job-a' }, { itemIdentifier: 'junk' }] });
    // Once the table accepts it, the redelivered job opens the incident.
    expect(await sweepWorker({ Records: [{ messageId: 'job-a', body: JSON.stringify({ organizationId: a.organizationId, at: iso(due + 2 * MIN) }) } as never] })).toEqual({ batchItemFailures: [] });
    expect(await openIncidents(a, 'POISON-1')).toEqual([expect.objectContaining({ kind: 'dropout' })]);
  }, 60_000);

  it('the DropoutSweep schedule as bundled for Lambda only fans out (one job per organization, nothing swept), and fails without its queue', async () => {
    // Lambda bundles define this (lib/bundling.ts); the schedule's bundle then carries no detection code.
    globalThis.__FLEETDESK_LAMBDA_BUNDLE__ = true;
    const sent: anomaly.SweepJob[] = [];
    try {
      await expect(sweepSchedule()).rejects.toThrow('DROPOUT_SWEEP_QUEUE_URL is not set');
      const spy = jest.spyOn(sqsJobs, 'jobSenderFromEnv').mockReturnValue({ send: async (jobs: unknown[]) => void sent.push(...(jobs as anomaly.SweepJob[])) });
      try {
        const out = await sweepSchedule();
        expect(spy).toHaveBeenCalledWith(anomaly.SWEEP_QUEUE_URL_ENV);
        expect(out).toMatchObject({ checked: 0, opened: 0, failed: 0, failedOrganizations: 0 });
        expect(out.enqueued).toBe(out.organizations);
        expect(sent).toHaveLength(out.organizations);
      } finally {
        spy.mockRestore();
      }
    } finally {
      globalThis.__FLEETDESK_LAMBDA_BUNDLE__ = undefined;
    }
    expect(sent.map((j) => j.organizationId)).toEqual(expect.arrayContaining([a.organizationId, b.organizationId]));
  }, 60_000);

  it(`a proactive ticket copies the first ${TICKET_OWNERS_MAX} owners and counts them all`, async () => {
    const { org } = await newOrg('Many owners');
    const when = await silentDeviceDue(org, 'CROWD-1');
    const emails = Array.from({ length: TICKET_OWNERS_MAX + 10 }, (_, i) => `owner-${String(i).padStart(3, '0')}@example.com`);
    await assignDeviceToOwners(org, { deviceIdentifier: 'CROWD-1', emails, autoCreateDevice: false, deviceType: undefined });
    expect(await anomaly.sweepDropouts({ now: when, organizationId: org.organizationId })).toMatchObject({ opened: 1, failed: 0 });
    // Round 13: the dropout's ticket is held 2 hours (no late records cover the silence here), then made.
    expect((await openIncidents(org, 'CROWD-1'))[0]?.ticketId).toBeNull();
    expect(await anomaly.sweepDropouts({ now: when + 2 * 3_600_000, organizationId: org.organizationId })).toMatchObject({ checked: 1, opened: 0, failed: 0 });
    const [incident] = await openIncidents(org, 'CROWD-1');
    const ticket = await getTicket(org, incident?.ticketId ?? '');
    expect(ticket.owners).toHaveLength(TICKET_OWNERS_MAX);
    expect(ticket.ownerCount).toBe(TICKET_OWNERS_MAX + 10);
    expect(ticket.customerId).toBe(ticket.owners[0]?.customerId);
  }, 60_000);
});
