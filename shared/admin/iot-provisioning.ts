import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AttachPolicyCommand,
  AttachThingPrincipalCommand,
  CreateKeysAndCertificateCommand,
  CreateThingCommand,
  DescribeEndpointCommand,
  type IoTClient,
  ListThingPrincipalsCommand,
  ResourceAlreadyExistsException,
  ResourceNotFoundException,
  UpdateCertificateCommand,
} from '@aws-sdk/client-iot';
import * as z from 'zod/mini';
import { DEFAULT_STAGE, DEVICE_POLICY_NAME, mqttIdentifierProblem, telemetryRuleName, THING_ATTRIBUTES, thingNameFor } from '../config/iot';
import { getOrganization } from '../domain/organization/organization.repository';
import { basicIngestTopic, telemetryTopic } from '../domain/telemetry/mqtt';

/**
 * Device credentials for Fleetdesk's own IoT Core (`npm run admin -- iot provision|revoke`).
 * Takes the IoTClient as a parameter so tests drive it with a fake; the organization check reads
 * the table like every other admin command.
 */

/** File names written into `--out`, as the AWS IoT console names them. */
export const CREDENTIAL_FILES = {
  certificate: 'certificate.pem.crt',
  privateKey: 'private.pem.key',
  publicKey: 'public.pem.key',
} as const;

export interface ProvisionInput {
  organizationId: string;
  deviceIdentifier: string;
  /** Directory for the certificate and keys; created if missing. */
  outDir: string;
  /** The stack's stage, which names the telemetry rule in the Basic Ingest topic. @default DEFAULT_STAGE */
  stage?: string;
}

export interface ProvisionResult {
  thingName: string;
  certificateId: string;
  certificateArn: string;
  /** The account's ATS data endpoint (`<prefix>-ats.iot.<region>.amazonaws.com`), port 8883. */
  endpoint: string;
  /** The device's telemetry topic (through the message broker). */
  topic: string;
  /** The same topic through IoT Core Basic Ingest (`$aws/rules/<telemetry rule>/…`): no messaging charge. */
  basicIngestTopic: string;
  /** Absolute paths of the written files. */
  files: { certificate: string; privateKey: string; publicKey: string };
}

export interface RevokeResult {
  thingName: string;
  /** Certificates attached to the thing, all now INACTIVE. */
  deactivated: string[];
}

export interface ProvisioningDeps {
  /** @default a consistent read of the organization item */
  organizationExists?: (organizationId: string) => Promise<boolean>;
}

const defaultOrganizationExists = async (organizationId: string) => (await getOrganization(organizationId)) !== undefined;

function checkedThingName(organizationId: string, deviceIdentifier: string): string {
  if (!z.uuid().safeParse(organizationId).success) throw new Error(`Organization not found: ${organizationId}`);
  const problem = mqttIdentifierProblem(organizationId, deviceIdentifier);
  if (problem) throw new Error(problem);
  return thingNameFor(organizationId, deviceIdentifier);
}

const exists = (file: string) =>
  access(file, constants.F_OK).then(
    () => true,
    () => false,
  );

/**
 * Creates (or reuses) the device's thing, issues a new active certificate attached to the device
 * policy and to the thing (exclusively), writes the certificate and keys into `outDir` (private key
 * 0600) and returns what the device needs to connect. Each call issues a new certificate: AWS never
 * hands out a private key twice, so re-running means a second credential, not a re-download.
 */
export async function provisionDevice(iot: IoTClient, input: ProvisionInput, deps: ProvisioningDeps = {}): Promise<ProvisionResult> {
  const { organizationId, deviceIdentifier } = input;
  const thingName = checkedThingName(organizationId, deviceIdentifier);
  if (!(await (deps.organizationExists ?? defaultOrganizationExists)(organizationId))) {
    throw new Error(`Organization not found: ${organizationId}`);
  }

  const outDir = path.resolve(input.outDir);
  const files = {
    certificate: path.join(outDir, CREDENTIAL_FILES.certificate),
    privateKey: path.join(outDir, CREDENTIAL_FILES.privateKey),
    publicKey: path.join(outDir, CREDENTIAL_FILES.publicKey),
  };
  // Checked before anything is created: overwriting would destroy a key a device may still use.
  for (const file of Object.values(files)) {
    if (await exists(file)) throw new Error(`${file} already exists; choose another --out directory or move the old credentials away`);
  }

  // Read-only and first: wrong credentials or Region fail here, before anything is created.
  const { endpointAddress } = await iot.send(new DescribeEndpointCommand({ endpointType: 'iot:Data-ATS' }));
  if (!endpointAddress) throw new Error('IoT DescribeEndpoint returned no iot:Data-ATS endpoint');

  try {
    // Same name and attributes again is a success (the thing is reused); other attributes are refused.
    await iot.send(
      new CreateThingCommand({
        thingName,
        attributePayload: {
          attributes: { [THING_ATTRIBUTES.organizationId]: organizationId, [THING_ATTRIBUTES.deviceIdentifier]: deviceIdentifier },
        },
      }),
    );
  } catch (error) {
    if (error instanceof ResourceAlreadyExistsException) {
      throw new Error(`IoT thing ${thingName} already exists with other attributes or a thing type; inspect it with aws iot describe-thing --thing-name ${thingName}`);
    }
    throw error;
  }

  const cert = await iot.send(new CreateKeysAndCertificateCommand({ setAsActive: true }));
  const { certificateId, certificateArn, certificatePem, keyPair } = cert;
  if (!certificateId || !certificateArn || !certificatePem || !keyPair?.PrivateKey || !keyPair.PublicKey) {
    throw new Error('IoT CreateKeysAndCertificate returned an incomplete certificate');
  }

  try {
    await iot.send(new AttachPolicyCommand({ policyName: DEVICE_POLICY_NAME, target: certificateArn }));
    // Exclusive: the certificate can never be attached to a second thing, so the thing attributes
    // the policy reads are always this device's.
    await iot.send(new AttachThingPrincipalCommand({ thingName, principal: certificateArn, thingPrincipalType: 'EXCLUSIVE_THING' }));
    await mkdir(outDir, { recursive: true });
    // `wx`: never replace a file that appeared since the check above.
    await writeFile(files.certificate, certificatePem, { flag: 'wx', mode: 0o644 });
    await writeFile(files.privateKey, keyPair.PrivateKey, { flag: 'wx', mode: 0o600 });
    await writeFile(files.publicKey, keyPair.PublicKey, { flag: 'wx', mode: 0o644 });
  } catch (error) {
    // A certificate whose key was never delivered (or that is not wired up) must not stay usable.
    await iot.send(new UpdateCertificateCommand({ certificateId, newStatus: 'INACTIVE' })).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Provisioning ${thingName} failed (${message}); certificate ${certificateId} was deactivated`);
  }

  return {
    thingName,
    certificateId,
    certificateArn,
    endpoint: endpointAddress,
    topic: telemetryTopic(organizationId, deviceIdentifier),
    basicIngestTopic: basicIngestTopic(telemetryRuleName(input.stage ?? DEFAULT_STAGE), organizationId, deviceIdentifier),
    files,
  };
}

/**
 * Deactivates every certificate attached to the device's thing: the device can no longer connect.
 * Certificates stay attached (for the audit trail); docs/operations.md shows how to delete them.
 * Does not need the organization to still exist.
 */
export async function revokeDevice(iot: IoTClient, input: { organizationId: string; deviceIdentifier: string }): Promise<RevokeResult> {
  const thingName = checkedThingName(input.organizationId, input.deviceIdentifier);
  const principals: string[] = [];
  let nextToken: string | undefined;
  try {
    do {
      const page = await iot.send(new ListThingPrincipalsCommand({ thingName, nextToken }));
      principals.push(...(page.principals ?? []));
      nextToken = page.nextToken;
    } while (nextToken);
  } catch (error) {
    if (error instanceof ResourceNotFoundException) {
      throw new Error(`No IoT thing ${thingName} for device "${input.deviceIdentifier}" of organization ${input.organizationId}`);
    }
    throw error;
  }

  // Principals can also be Cognito identities; only certificates (`…:cert/<id>`) are deactivated.
  const certificateIds = principals.flatMap((arn) => /:cert\/([0-9a-f]{64})$/i.exec(arn)?.[1] ?? []);
  for (const certificateId of certificateIds) {
    await iot.send(new UpdateCertificateCommand({ certificateId, newStatus: 'INACTIVE' }));
  }
  return { thingName, deactivated: certificateIds };
}
