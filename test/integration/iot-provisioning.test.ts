import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AttachPolicyCommand,
  AttachThingPrincipalCommand,
  CreateKeysAndCertificateCommand,
  CreateThingCommand,
  DescribeEndpointCommand,
  IoTClient,
  ListThingPrincipalsCommand,
  ResourceAlreadyExistsException,
  ResourceNotFoundException,
  UpdateCertificateCommand,
} from '@aws-sdk/client-iot';
import { mockClient } from 'aws-sdk-client-mock';
import { runAdminCommand } from '../../shared/admin/commands';
import { CREDENTIAL_FILES, provisionDevice, revokeDevice } from '../../shared/admin/iot-provisioning';
import { DEVICE_POLICY_NAME, thingNameFor } from '../../shared/config/iot';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

/**
 * `iot provision` / `iot revoke` against a fake IoT client (never AWS); the organization check
 * reads the real test table in DynamoDB Local.
 */
useTestTable();

const iot = mockClient(IoTClient);
const client = () => new IoTClient({ region: 'eu-west-1' });
const ENDPOINT = 'a1b2c3d4e5f6g7-ats.iot.eu-west-1.amazonaws.com';
const certId = (n: number) => n.toString(16).padStart(64, 'c');
const certArn = (n: number) => `arn:aws:iot:eu-west-1:123456789012:cert/${certId(n)}`;

let org: string;
let dirs: string[] = [];
const outDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'fleetdesk-iot-'));
  dirs.push(d);
  return path.join(d, 'device'); // not created yet: provision creates it
};

let certificates = 0;
beforeAll(async () => {
  org = (await newOrg('IoT maker')).org.organizationId;
});
beforeEach(() => {
  iot.reset();
  iot.on(DescribeEndpointCommand, { endpointType: 'iot:Data-ATS' }).resolves({ endpointAddress: ENDPOINT });
  iot.on(CreateThingCommand).callsFake((input: { thingName: string }) => ({ thingName: input.thingName, thingArn: `arn:aws:iot:eu-west-1:123456789012:thing/${input.thingName}` }));
  iot.on(CreateKeysAndCertificateCommand).callsFake(() => {
    const n = ++certificates;
    return {
      certificateId: certId(n),
      certificateArn: certArn(n),
      certificatePem: `-----BEGIN CERTIFICATE-----\ncert${n}\n-----END CERTIFICATE-----\n`,
      keyPair: { PrivateKey: `-----BEGIN RSA PRIVATE KEY-----\nkey${n}\n-----END RSA PRIVATE KEY-----\n`, PublicKey: `-----BEGIN PUBLIC KEY-----\npub${n}\n-----END PUBLIC KEY-----\n` },
    };
  });
  iot.on(AttachPolicyCommand).resolves({});
  iot.on(AttachThingPrincipalCommand).resolves({});
  iot.on(UpdateCertificateCommand).resolves({});
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('iot provision', () => {
  test('--stage names that stage\'s telemetry rule in the Basic Ingest topic', async () => {
    const staged = (await runAdminCommand(['iot', 'provision'], { org, device: 'SN-1', out: outDir(), stage: 'prod-eu' })) as Record<string, unknown>;
    expect(staged.basicIngestTopic).toBe(`$aws/rules/fleetdesk_prod_eu_IotTelemetryIngest/fleetdesk/${org}/devices/SN-1/telemetry`);
  });

  test('creates the thing with its attributes, an active certificate with the device policy, attached exclusively; writes the files; one JSON line', async () => {
    const out = outDir();
    const result = (await runAdminCommand(['iot', 'provision'], { org, device: 'SN-1', out })) as Record<string, unknown>;
    const thingName = thingNameFor(org, 'SN-1');
    const n = certificates;
    const files = {
      certificate: path.join(out, CREDENTIAL_FILES.certificate),
      privateKey: path.join(out, CREDENTIAL_FILES.privateKey),
      publicKey: path.join(out, CREDENTIAL_FILES.publicKey),
    };
    expect(result).toEqual({
      thingName,
      certificateId: certId(n),
      certificateArn: certArn(n),
      endpoint: ENDPOINT,
      topic: `fleetdesk/${org}/devices/SN-1/telemetry`,
      // Basic Ingest through the telemetry rule of the default stage (no messaging charge).
      basicIngestTopic: `$aws/rules/fleetdesk_dev_IotTelemetryIngest/fleetdesk/${org}/devices/SN-1/telemetry`,
      files,
    });
    // What bin/admin.ts prints: exactly one line of JSON.
    const line = JSON.stringify(result);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual(result);

    expect(iot.commandCalls(CreateThingCommand)[0]?.args[0].input).toEqual({
      thingName,
      attributePayload: { attributes: { organizationId: org, deviceIdentifier: 'SN-1' } },
    });
    expect(iot.commandCalls(CreateKeysAndCertificateCommand)[0]?.args[0].input).toEqual({ setAsActive: true });
    expect(iot.commandCalls(AttachPolicyCommand).map((c) => c.args[0].input)).toEqual([{ policyName: DEVICE_POLICY_NAME, target: certArn(n) }]);
    expect(iot.commandCalls(AttachThingPrincipalCommand).map((c) => c.args[0].input)).toEqual([
      { thingName, principal: certArn(n), thingPrincipalType: 'EXCLUSIVE_THING' },
    ]);
    expect(iot.commandCalls(UpdateCertificateCommand)).toHaveLength(0);

    expect(readFileSync(files.certificate, 'utf8')).toContain(`cert${n}`);
    expect(readFileSync(files.privateKey, 'utf8')).toContain(`key${n}`);
    expect(readFileSync(files.publicKey, 'utf8')).toContain(`pub${n}`);
    expect(statSync(files.privateKey).mode & 0o777).toBe(0o600);
  });

  test('again for the same device: the thing is reused (CreateThing with the same name and attributes), a second certificate is issued', async () => {
    await provisionDevice(client(), { organizationId: org, deviceIdentifier: 'SN-2', outDir: outDir() });
    const second = await provisionDevice(client(), { organizationId: org, deviceIdentifier: 'SN-2', outDir: outDir() });
    const things = iot.commandCalls(CreateThingCommand).map((c) => c.args[0].input);
    expect(things).toHaveLength(2);
    expect(things[0]).toEqual(things[1]);
    expect(second.certificateId).toBe(certId(certificates));
  });

  test('identifiers with characters thing names refuse still get a valid, distinct thing name', async () => {
    const a = await provisionDevice(client(), { organizationId: org, deviceIdentifier: 'unit.7@plant', outDir: outDir() });
    expect(a.thingName).toMatch(/^[a-zA-Z0-9:_-]{1,128}$/);
    expect(a.topic).toBe(`fleetdesk/${org}/devices/unit.7@plant/telemetry`);
    expect(iot.commandCalls(CreateThingCommand)[0]?.args[0].input.attributePayload?.attributes?.deviceIdentifier).toBe('unit.7@plant');
  });

  test('a thing of that name with other attributes is refused, before any certificate is created', async () => {
    iot.on(CreateThingCommand).rejects(new ResourceAlreadyExistsException({ message: 'exists', $metadata: {}, resourceId: 'x', resourceArn: 'y' }));
    await expect(provisionDevice(client(), { organizationId: org, deviceIdentifier: 'SN-3', outDir: outDir() })).rejects.toThrow(
      `IoT thing ${thingNameFor(org, 'SN-3')} already exists with other attributes`,
    );
    expect(iot.commandCalls(CreateKeysAndCertificateCommand)).toHaveLength(0);
  });

  test.each([
    ['SN 1', /cannot be used over MQTT: only letters, digits/],
    ['a/b', /cannot be used over MQTT/],
    ['a+b', /cannot be used over MQTT/],
    ['a#b', /cannot be used over MQTT/],
    ['ünïcode', /cannot be used over MQTT/],
    ['x'.repeat(89), /too long for an IoT thing name/],
  ])('bad identifier %j: a clear one-line error and no IoT call', async (identifier, message) => {
    const error = await runAdminCommand(['iot', 'provision'], { org, device: identifier, out: outDir() }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect(iot.calls()).toHaveLength(0);
  });

  test('unknown organization (well-formed or not): Organization not found, no IoT call', async () => {
    const unknown = randomUUID();
    await expect(runAdminCommand(['iot', 'provision'], { org: unknown, device: 'SN-1', out: outDir() })).rejects.toThrow(`Organization not found: ${unknown}`);
    await expect(runAdminCommand(['iot', 'provision'], { org: 'acme', device: 'SN-1', out: outDir() })).rejects.toThrow('Organization not found: acme');
    expect(iot.calls()).toHaveLength(0);
  });

  test('missing options name the flag', async () => {
    await expect(runAdminCommand(['iot', 'provision'], { org, device: 'SN-1' })).rejects.toThrow('Missing required option --out');
    await expect(runAdminCommand(['iot', 'provision'], { org, out: outDir() })).rejects.toThrow('Missing required option --device');
    await expect(runAdminCommand(['iot', 'revoke'], { device: 'SN-1' })).rejects.toThrow('Missing required option --org');
  });

  test('existing credential files are never overwritten, and nothing is created', async () => {
    const out = path.dirname(outDir());
    writeFileSync(path.join(out, CREDENTIAL_FILES.privateKey), 'the key a device still uses');
    await expect(provisionDevice(client(), { organizationId: org, deviceIdentifier: 'SN-4', outDir: out })).rejects.toThrow(/private\.pem\.key already exists/);
    expect(readFileSync(path.join(out, CREDENTIAL_FILES.privateKey), 'utf8')).toBe('the key a device still uses');
    expect(iot.calls()).toHaveLength(0);
  });

  test('a failure after the certificate exists deactivates it and says so', async () => {
    iot.on(AttachPolicyCommand).rejects(new ResourceNotFoundException({ message: 'Policy not found', $metadata: {} }));
    const error = await provisionDevice(client(), { organizationId: org, deviceIdentifier: 'SN-5', outDir: outDir() }).catch((e: Error) => e);
    expect((error as Error).message).toBe(`Provisioning ${thingNameFor(org, 'SN-5')} failed (Policy not found); certificate ${certId(certificates)} was deactivated`);
    expect(iot.commandCalls(UpdateCertificateCommand).map((c) => c.args[0].input)).toEqual([{ certificateId: certId(certificates), newStatus: 'INACTIVE' }]);
  });
});

describe('iot revoke', () => {
  test('deactivates every certificate attached to the thing (all pages), ignores other principals; one JSON line', async () => {
    const thingName = thingNameFor(org, 'SN-1');
    iot.on(ListThingPrincipalsCommand, { thingName, nextToken: undefined }).resolves({ principals: [certArn(101), 'arn:aws:cognito-identity:eu-west-1:123456789012:identitypool/x'], nextToken: 'p2' });
    iot.on(ListThingPrincipalsCommand, { thingName, nextToken: 'p2' }).resolves({ principals: [certArn(102)] });
    const result = await runAdminCommand(['iot', 'revoke'], { org, device: 'SN-1' });
    expect(result).toEqual({ thingName, deactivated: [certId(101), certId(102)] });
    expect(JSON.stringify(result)).not.toContain('\n');
    expect(iot.commandCalls(UpdateCertificateCommand).map((c) => c.args[0].input)).toEqual([
      { certificateId: certId(101), newStatus: 'INACTIVE' },
      { certificateId: certId(102), newStatus: 'INACTIVE' },
    ]);
  });

  test('no such thing: a clear error', async () => {
    iot.on(ListThingPrincipalsCommand).rejects(new ResourceNotFoundException({ message: 'nope', $metadata: {} }));
    await expect(revokeDevice(client(), { organizationId: org, deviceIdentifier: 'never-provisioned' })).rejects.toThrow(
      `No IoT thing ${thingNameFor(org, 'never-provisioned')} for device "never-provisioned" of organization ${org}`,
    );
  });

  test('bad identifier: refused before any IoT call', async () => {
    await expect(revokeDevice(client(), { organizationId: org, deviceIdentifier: 'a/b' })).rejects.toThrow(/cannot be used over MQTT/);
    expect(iot.calls()).toHaveLength(0);
  });
});
