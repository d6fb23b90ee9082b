import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';

const keyDir = mkdtempSync(path.join(tmpdir(), 'fleetdesk-connector-'));
process.env.CONNECTOR_LOCAL_KEY_FILE = path.join(keyDir, 'connector-token.key');
process.env.CONNECTOR_HTTP_TIMEOUT_MS = '300';

import { documentClient, tableName } from '../../shared/db/client';
import { runAdminCommand } from '../../shared/admin/commands';
import { syncOrganization } from '../../shared/domain/connector/connector-sync';
import * as connectorRepo from '../../shared/domain/connector/connector.repository';
import { deleteDeviceConnection, putDeviceConnection } from '../../shared/domain/connector/connector.service';
import { MemfaultProvider, retryAfterMs } from '../../shared/domain/connector/memfault';
import { fanOutSync, parseJob, setJobQueue, type SyncJob } from '../../shared/domain/connector/sync-jobs';
import { KmsEnvelopeSealer, type KmsLike } from '../../shared/domain/connector/token-sealer';
import { getDevice, upsertDevice } from '../../shared/domain/device/device.service';
import { getLatestTelemetry, ingestTelemetry, queryTelemetry } from '../../shared/domain/telemetry/telemetry.service';
import { logger, setLogLevel } from '../../shared/logging/logger';
import { handler as syncWorker } from '../../functions/workers/connector-sync';
import { startFakeMemfault } from '../support/fake-memfault';
import { detectForDevice, listDeviceIncidents } from '../../shared/domain/anomaly/anomaly.service';
import { listTickets } from '../../shared/domain/ticket/ticket-list.service';
import { assignDeviceToOwners } from '../../shared/domain/assignment/assignment.service';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

const TOKEN = 'oat_SECRET-token-1234567890';
const HOUR = 3_600_000;

describe('crash-reporting connector (fake Memfault)', () => {
  let fake: Awaited<ReturnType<typeof startFakeMemfault>>;
  beforeAll(async () => {
    fake = await startFakeMemfault({ organization: 'acme', project: 'thermo', token: TOKEN, slowMs: 1500 });
  });
  afterAll(async () => fake.close());

  const connectorOptions = () => ({ provider: 'memfault', 'api-base': fake.url, organization: 'acme', project: 'thermo', token: TOKEN });

  it('connector set|show|remove never print the token, and the table never holds it in clear', async () => {
    const { org } = await newOrg();
    const set = await runAdminCommand(['connector', 'set'], { org: org.organizationId, ...connectorOptions() });
    expect(JSON.stringify(set)).not.toContain(TOKEN);
    expect(set).toMatchObject({ provider: 'memfault', apiBase: fake.url, organization: 'acme', project: 'thermo', token: 'stored (local key file)' });
    const shown = await runAdminCommand(['connector', 'show'], { org: org.organizationId });
    expect(JSON.stringify(shown)).not.toContain(TOKEN);
    const scan = await documentClient().send(new ScanCommand({ TableName: tableName() }));
    expect(JSON.stringify(scan.Items)).not.toContain(TOKEN);
    expect(JSON.stringify(scan.Items)).not.toContain('SECRET');
    // The local key file exists and is readable by its owner only.
    expect(statSync(process.env.CONNECTOR_LOCAL_KEY_FILE as string).mode & 0o077).toBe(0);
    expect(readFileSync(process.env.CONNECTOR_LOCAL_KEY_FILE as string, 'utf8')).not.toContain(TOKEN);
    expect(await runAdminCommand(['connector', 'remove'], { org: org.organizationId })).toEqual({ organizationId: org.organizationId, removed: true });
    await expect(runAdminCommand(['connector', 'show'], { org: org.organizationId })).rejects.toThrow('No connector configured');
  });

  it('connector set refuses bad options with one-line messages that never echo the token', async () => {
    const { org } = await newOrg();
    const bad = (over: Record<string, string | undefined>) => runAdminCommand(['connector', 'set'], { org: org.organizationId, ...connectorOptions(), ...over });
    await expect(bad({ provider: 'sentry' })).rejects.toThrow('--provider must be one of: memfault');
    await expect(bad({ 'api-base': 'http://example.com' })).rejects.toThrow('https');
    await expect(bad({ project: 'a/b' })).rejects.toThrow('--project');
    await expect(bad({ token: undefined })).rejects.toThrow('Missing token');
    const error = await bad({ token: `${TOKEN} spaced` }).catch((e: Error) => e.message);
    expect(error).not.toContain(TOKEN);
    await expect(runAdminCommand(['connector', 'set'], { org: '00000000-0000-4000-8000-000000000000', ...connectorOptions() })).rejects.toThrow('Organization not found');
  });

  it('KMS envelope sealing: the organization id is the encryption context, the data key is wiped', async () => {
    const calls: string[] = [];
    const master = Buffer.alloc(32, 7);
    // Every plaintext data key handed out, as the SDK would return it (a Uint8Array): after each
    // seal and open, the sealer must have zeroed these very bytes, not a copy of them.
    const handedOut: Uint8Array[] = [];
    const plaintextKey = () => {
      const plain = new Uint8Array(32).fill(3);
      handedOut.push(plain);
      return plain;
    };
    const kms: KmsLike = {
      generateDataKey: async ({ EncryptionContext }) => {
        calls.push(`gen:${EncryptionContext.organizationId}`);
        return { Plaintext: plaintextKey(), CiphertextBlob: Buffer.concat([Buffer.from(EncryptionContext.organizationId), master]) };
      },
      decrypt: async ({ CiphertextBlob, EncryptionContext }) => {
        calls.push(`dec:${EncryptionContext.organizationId}`);
        if (!Buffer.from(CiphertextBlob).toString().startsWith(EncryptionContext.organizationId)) throw new Error('InvalidCiphertextException');
        return { Plaintext: plaintextKey() };
      },
    };
    const sealer = new KmsEnvelopeSealer('alias/test', async () => kms);
    const sealed = await sealer.seal('org-a', TOKEN);
    expect(sealed.scheme).toBe('kms');
    expect(JSON.stringify(sealed)).not.toContain(TOKEN);
    expect(await sealer.open('org-a', sealed)).toBe(TOKEN);
    await expect(sealer.open('org-b', sealed)).rejects.toThrow();
    expect(calls).toEqual(['gen:org-a', 'dec:org-a', 'dec:org-b']);
    // The seal's key and the successful open's key were wiped where KMS put them.
    expect(handedOut).toHaveLength(2);
    for (const key of handedOut) expect(Array.from(key).every((byte) => byte === 0)).toBe(true);
  });

  describe('the Memfault adapter', () => {
    const provider = (over: Partial<ConstructorParameters<typeof MemfaultProvider>[0]> = {}) =>
      new MemfaultProvider({ apiBase: fake.url, organization: 'acme', project: 'thermo', token: TOKEN, timeoutMs: 300, ...over });

    it('reads the device, its attributes and every page of its reboots, with the org token as Bearer', async () => {
      const now = Date.now();
      fake.devices.set('PAGED', {
        softwareVersion: '2.0.0',
        hardwareVersion: 'evt',
        lastSeen: new Date(now - 60_000).toISOString(),
        attributes: { battery_level: 55, region: 'eu', charging: true },
        reboots: Array.from({ length: 150 }, (_, i) => ({ time: new Date(now - (i + 1) * 60_000).toISOString(), reason: i % 2 ? 0x8001 : 0x0002 })),
      });
      const before = fake.requests.length;
      const snapshot = await provider().fetchDevice('PAGED', new Date(now - 24 * HOUR));
      expect(snapshot).toMatchObject({ softwareVersion: '2.0.0', hardwareVersion: 'evt', attributes: { battery_level: 55, region: 'eu', charging: true } });
      expect(snapshot?.reboots).toHaveLength(150);
      expect(snapshot?.reboots.filter((r) => r.crash)).toHaveLength(75);
      expect(snapshot?.reboots[0]).toMatchObject({ reason: 'UserReset', crash: false });
      const calls = fake.requests.slice(before);
      expect(calls.map((c) => c.path.split('/').slice(-1)[0]).sort()).toEqual(['PAGED', 'attributes', 'reboots', 'reboots']);
      expect(calls.every((c) => c.authorization === `Bearer ${TOKEN}`)).toBe(true);
    });

    it('honours 429 with Retry-After, gives up on 500s, times out on slow answers, and 404 is "not found"', async () => {
      fake.devices.set('RATE', { behaviour: 'rate', softwareVersion: '1.0.0' });
      fake.devices.set('BOOM', { behaviour: 'fail' });
      fake.devices.set('SLOW', { behaviour: 'slow' });
      const waits: number[] = [];
      const p = provider({ sleep: async (ms) => void waits.push(ms) });
      expect((await p.fetchDevice('RATE', new Date()))?.softwareVersion).toBe('1.0.0');
      expect(waits.filter((w) => w === 1000)).toHaveLength(3);
      await expect(p.fetchDevice('BOOM', new Date())).rejects.toThrow(/answered 500/);
      await expect(p.fetchDevice('SLOW', new Date())).rejects.toThrow(/timed out after 300 ms/);
      expect(await p.fetchDevice('NOPE', new Date())).toBeNull();
      await expect(provider({ token: 'wrong' }).fetchDevice('RATE', new Date())).rejects.toThrow(/answered 401/);
      expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:58 GMT'))).toBe(2000);
    });
  });

  describe('sync', () => {
    let orgId: string;
    let other: string;
    beforeAll(async () => {
      const a = await newOrg('Crash A');
      const b = await newOrg('Crash B');
      orgId = a.org.organizationId;
      other = b.org.organizationId;
      await runAdminCommand(['connector', 'set'], { org: orgId, ...connectorOptions() });
      const now = Date.now();
      fake.devices.set('MF-1', {
        softwareVersion: '1.4.0',
        lastSeen: new Date(now - 5 * 60_000).toISOString(),
        attributes: { battery_level: 42.5, 'bad name!': 3, fw_channel: 'beta' },
        reboots: [
          { time: new Date(now - 3 * HOUR).toISOString(), reason: 0x0003 },
          { time: new Date(now - 2 * HOUR).toISOString(), reason: 0x8001 },
          { time: new Date(now - 1 * HOUR).toISOString(), reason: 0x8001 },
          { time: new Date(now - 30 * HOUR).toISOString(), reason: 0x8001 },
        ],
      });
      for (const identifier of ['SYNC-1', 'SYNC-BOOM', 'SYNC-SLOW']) {
        await upsertDevice(a.org, { identifier, type: 'sensor' });
      }
      await putDeviceConnection(a.org, 'SYNC-1', { provider: 'memfault', externalId: 'MF-1' });
      await putDeviceConnection(a.org, 'SYNC-BOOM', { provider: 'memfault', externalId: 'BOOM' });
      await putDeviceConnection(a.org, 'SYNC-SLOW', { provider: 'memfault', externalId: 'SLOW' });
      await upsertDevice(b.org, { identifier: 'SYNC-1', type: 'sensor' });
    });

    it('writes attributes and crash counts as `crash` telemetry once per window; failures mark only their device', async () => {
      const lines: string[] = [];
      const write = process.stdout.write.bind(process.stdout);
      setLogLevel(logger, 'DEBUG');
      const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      });
      let report;
      try {
        report = await syncOrganization(orgId);
      } finally {
        spy.mockRestore();
        setLogLevel(logger, 'SILENT');
      }
      void write;
      expect(lines.join('')).not.toContain(TOKEN);
      const byId = Object.fromEntries(report.devices.map((d) => [d.identifier, d]));
      expect(byId['SYNC-1']).toMatchObject({ status: 'synced', measurements: { battery_level: 42.5, crashes_24h: 2, reboots_24h: 3 } });
      expect(byId['SYNC-BOOM']).toMatchObject({ status: 'failed', error: expect.stringMatching(/answered 500/) });
      expect(byId['SYNC-SLOW']).toMatchObject({ status: 'failed', error: expect.stringMatching(/timed out/) });
      expect(JSON.stringify(report)).not.toContain(TOKEN);

      const org = { organizationId: orgId };
      const latest = await getLatestTelemetry(org, 'SYNC-1');
      expect(latest.measurements).toMatchObject({ battery_level: { value: 42.5 }, crashes_24h: { value: 2 }, reboots_24h: { value: 3 } });
      expect(Object.keys(latest.measurements)).not.toContain('bad name!');
      // A replay of the same window (the same job delivered twice) adds nothing.
      await syncOrganization(orgId, { window: report.window });
      const history = await queryTelemetry(org, 'SYNC-1', {});
      expect(history.records).toHaveLength(1);
      expect(history.records[0]).toMatchObject({ timestamp: report.window, source: 'crash' });

      const device = await getDevice(org, 'SYNC-1');
      expect(device.connection).toMatchObject({
        provider: 'memfault',
        externalId: 'MF-1',
        lastSyncError: null,
        firmware: { softwareVersion: '1.4.0', hardwareVersion: 'hw-1' },
        crashes: { last24h: 2, lastReason: 'Assert' },
        attributes: { battery_level: 42.5, fw_channel: 'beta' },
      });
      expect(device.connection?.firmwareSince).not.toBeNull();
      expect((await getDevice(org, 'SYNC-BOOM')).connection).toMatchObject({ lastSyncAt: null, lastSyncError: expect.stringMatching(/answered 500/) });
      expect(JSON.stringify(await getDevice(org, 'SYNC-BOOM'))).not.toContain(TOKEN);
    }, 30_000);

    it("another organization's devices are never touched, and its sync without a connector reads nothing", async () => {
      const before = fake.requests.length;
      expect((await syncOrganization(other)).status).toBe('no_connector');
      expect(fake.requests.length).toBe(before);
      expect((await getDevice({ organizationId: other }, 'SYNC-1')).connection).toBeNull();
      await expect(getLatestTelemetry({ organizationId: other }, 'SYNC-1')).resolves.toMatchObject({ measurements: {} });
    });

    it('a removed connection stops syncing; the fan-out sends one job per organization with a connector', async () => {
      await deleteDeviceConnection({ organizationId: orgId }, 'SYNC-SLOW');
      expect(await connectorRepo.getConnection(orgId, 'SYNC-SLOW')).toBeUndefined();
      const sent: SyncJob[] = [];
      const result = await fanOutSync({ scheduledAt: '2030-01-01T00:15:07Z', queue: { send: async (jobs) => void sent.push(...jobs) } });
      expect(result).toMatchObject({ window: '2030-01-01T00:15:00.000Z' });
      expect(sent).toContainEqual({ organizationId: orgId, window: '2030-01-01T00:15:00.000Z' });
      expect(sent.map((j) => j.organizationId)).not.toContain(other);
      expect(parseJob(JSON.stringify(sent[0]))).toEqual(sent[0]);
      expect(() => parseJob('{"organizationId":1}')).toThrow();
    });

    it('the queue worker syncs a job and reports a bad message as a failure for the DLQ', async () => {
      setJobQueue(null);
      try {
        const window = new Date(Math.floor(Date.now() / 900_000) * 900_000).toISOString();
        const out = await syncWorker({
          Records: [
            { messageId: 'm1', body: JSON.stringify({ organizationId: orgId, window }) } as never,
            { messageId: 'm2', body: 'not json' } as never,
          ],
        });
        expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
      } finally {
        setJobQueue(undefined);
      }
    }, 30_000);

    it('a table failure in the sync fails the message, so SQS retries it and then dead-letters it (issue 23 #10)', async () => {
      setJobQueue(null);
      // The table refuses every write for SYNC-1 (its crash record and its connection); reads and other devices work.
      const client = documentClient();
      const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
      const spy = jest.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string }; input: unknown }) => {
        const write = !/^(Get|BatchGet|Query|Scan)Command$/.test(command.constructor.name);
        if (write && JSON.stringify(command.input).includes('SYNC-1')) return Promise.reject(new Error('ProvisionedThroughputExceededException'));
        return send(command);
      }) as never);
      try {
        const window = new Date(Math.floor(Date.now() / 900_000) * 900_000 - 900_000).toISOString();
        await expect(syncOrganization(orgId, { window })).rejects.toThrow('ProvisionedThroughputExceededException');
        const out = await syncWorker({ Records: [{ messageId: 'm-table', body: JSON.stringify({ organizationId: orgId, window }) } as never] });
        expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-table' }] });
      } finally {
        spy.mockRestore();
        setJobQueue(undefined);
      }
    }, 30_000);

    it('locally (no queue) the schedule syncs each organization once per window', async () => {
      setJobQueue(null);
      try {
        const now = Date.now() + 3 * 900_000;
        const first = await fanOutSync({ now });
        const second = await fanOutSync({ now });
        expect((first as { synced: { organizationId: string }[] }).synced.map((s) => s.organizationId)).toContain(orgId);
        expect((second as { synced: unknown[] }).synced).toEqual([]);
      } finally {
        setJobQueue(undefined);
      }
    }, 30_000);
  });

  it('a crash burst read by the sync opens one incident and one proactive ticket for the owner, once', async () => {
    const { org } = await newOrg('Crash burst');
    await runAdminCommand(['connector', 'set'], { org: org.organizationId, ...connectorOptions() });
    const now = Date.now();
    fake.devices.set('MF-BURST', {
      softwareVersion: '2.0.0',
      lastSeen: new Date(now - 60_000).toISOString(),
      reboots: [1, 2, 3, 4].map((h) => ({ time: new Date(now - h * 10 * 60_000).toISOString(), reason: 0x8001 })),
    });
    await assignDeviceToOwners(org, { deviceIdentifier: 'BURST-1', emails: ['owner@example.com'], autoCreateDevice: true, deviceType: 'thermostat' });
    await putDeviceConnection(org, 'BURST-1', { provider: 'memfault', externalId: 'MF-BURST' });
    const report = await syncOrganization(org.organizationId);
    // The device also reports by itself, after the sync window began: its lane is ahead of the sync's record.
    const at = Date.parse(report.window) + 2000;
    await ingestTelemetry(org, 'BURST-1', { timestamp: at - 500, temperature: 21 }, 'rest', at);
    expect((await detectForDevice(org.organizationId, 'BURST-1', at, ['device'])).evaluated).toBe(1);
    // The sync's record sits at the start of its window, before that report; the crash lane still
    // evaluates it. Detect as the stream worker would, twice (a redelivery).
    const first = await detectForDevice(org.organizationId, 'BURST-1', at, ['crash']);
    const again = await detectForDevice(org.organizationId, 'BURST-1', at + 1000, ['device', 'crash']);
    expect(first.opened).toHaveLength(1);
    expect(again.opened).toHaveLength(0);
    const { incidents } = await listDeviceIncidents(org, 'BURST-1', {});
    expect(incidents).toEqual([expect.objectContaining({ kind: 'threshold', measurement: 'crashes_24h', status: 'open', ticketId: expect.any(String) })]);
    const { tickets } = await listTickets(org, { source: 'anomaly' });
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ source: 'anomaly', deviceIdentifier: 'BURST-1', owners: [expect.objectContaining({ email: 'owner@example.com' })] });
  });
});
