import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { hashApiKey } from '../domain/organization/api-key';
import { findOrgByKeyHash } from '../domain/organization/organization.repository';
import { authenticate } from '../domain/organization/organization.service';
import type { OrgContext } from '../domain/organization/organization.schema';
import { DEFAULT_STAGE, telemetryRuleName } from '../config/iot';
import { parseTelemetryTopic, topicSeenByRule, type IotTelemetryEvent } from '../domain/telemetry/mqtt';

/** The telemetry rule Basic Ingest names locally: the default stage's, as `iot provision` prints it. */
const LOCAL_TELEMETRY_RULE = telemetryRuleName(DEFAULT_STAGE);

/** A published topic as the telemetry rule would see it (Basic Ingest's prefix removed), parsed. */
function telemetryTarget(topic: string) {
  const seen = topicSeenByRule(topic, LOCAL_TELEMETRY_RULE);
  return seen === undefined ? undefined : { topic: seen, ...parseTelemetryTopic(seen) };
}
import { ingestion } from '../routes';
import { createAsyncInvoker } from './async-invoker';

/**
 * The local stand-in for IoT Core: an MQTT broker (aedes) where a client signs in with any
 * username and its organization's API key as password, may publish only to its own
 * organization's telemetry topics and only while that key is current (re-checked on every publish), and whose messages reach the same ingestion handler the
 * topic rule invokes in AWS, with the rule's event shape. Like Lambda's asynchronous invocation,
 * a handler that throws is retried twice; then the event and the error go to a dead-letter file.
 */

const NOT_AUTHORIZED = 5;
const BAD_USERNAME_OR_PASSWORD = 4;

export interface MqttBrokerOptions {
  port: number;
  host?: string;
  rootDir: string;
  /** Where events that failed every attempt are appended (JSON lines). */
  deadLetterFile: string;
}

export interface MqttBroker {
  port: number;
  url: string;
  /** Resolves when every message received so far has been handed to the handler (tests). */
  idle: () => Promise<void>;
  close: () => Promise<void>;
}

/** A signed-in client's organization and the hash of the key it signed in with. */
const sessions = new WeakMap<Client, { org: OrgContext; keyHash: string }>();

/**
 * Whether the key a session signed in with is still the organization's key: one consistent
 * GetItem of the key item (what an HTTP request's authentication costs), so a `key regenerate`
 * in another process revokes open sessions at their next publish, as it revokes HTTP callers.
 */
async function keyStillValid(session: { org: OrgContext; keyHash: string }): Promise<boolean> {
  const current = await findOrgByKeyHash(session.keyHash);
  return current?.organizationId === session.org.organizationId;
}

export async function startMqttBroker(options: MqttBrokerOptions): Promise<MqttBroker> {
  const iot = ingestion.find((i) => i.source === 'iotRule');
  if (!iot) throw new Error('No iotRule ingestion in the route table');
  const invoker = createAsyncInvoker<IotTelemetryEvent>({
    definition: iot,
    rootDir: options.rootDir,
    deadLetterFile: options.deadLetterFile,
    describe: (event) => ({ topic: event.topic }),
  });

  const broker = await Aedes.createBroker({
    authenticate: (client, _username, password, done) => {
      const key = password?.toString('utf8');
      authenticate(key)
        .then((org) => {
          sessions.set(client, { org, keyHash: hashApiKey((key ?? '').trim()) });
          done(null, true);
        })
        .catch(() => done(Object.assign(new Error('Bad username or password'), { returnCode: BAD_USERNAME_OR_PASSWORD }), false));
    },
    // Only the client's own organization's telemetry topics (straight or through Basic Ingest to the
    // telemetry rule), as the IoT policy allows in AWS.
    // The key is checked again on every publish: a session whose key was regenerated is refused,
    // which makes aedes close it (MQTT 3.1.1 has no negative PUBACK).
    authorizePublish: (client, packet, callback) => {
      const session = client ? sessions.get(client) : undefined;
      const target = telemetryTarget(packet.topic);
      const refuse = () => callback(Object.assign(new Error('Not authorized'), { returnCode: NOT_AUTHORIZED }));
      if (!session || !target?.organizationId || target.organizationId !== session.org.organizationId) {
        refuse();
        return;
      }
      keyStillValid(session)
        .then((valid) => {
          if (valid) {
            callback(null);
            return;
          }
          if (client) sessions.delete(client);
          refuse();
        })
        .catch(() => refuse());
    },
    // Devices only publish; nothing here is meant to be read back over MQTT.
    authorizeSubscribe: (_client, _subscription, callback) => callback(Object.assign(new Error('Not authorized'), { returnCode: NOT_AUTHORIZED })),
  });

  broker.on('publish', (packet, client) => {
    if (!client) return; // the broker's own $SYS messages
    const target = telemetryTarget(packet.topic);
    if (!target?.organizationId || !target.deviceIdentifier) return;
    const event: IotTelemetryEvent = {
      payload: Buffer.from(packet.payload).toString('base64'),
      // As in AWS, the rule sees the topic without the Basic Ingest prefix.
      topic: target.topic,
      organizationId: target.organizationId,
      deviceIdentifier: target.deviceIdentifier,
      receivedAt: Date.now(),
    };
    invoker.invoke(event);
  });

  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `mqtt://localhost:${port}`,
    idle: invoker.idle,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
