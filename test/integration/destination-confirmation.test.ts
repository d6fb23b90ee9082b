import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { useTestTable } from '../support/dynamo';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { answerDestinationConfirmation, DESTINATION_ENV, handleConfirmation, isIotEnableUrl, listDestinationConfirmations, readConfirmation } from '../../shared/domain/telemetry/destination-confirmation';

useTestTable();

const ARN = 'arn:aws:iot:eu-west-1:123456789012:ruledestination/http/7a280e37';
const event = (body: unknown, headers: Record<string, string> = {}) => ({ headers, body: JSON.stringify(body) }) as unknown as APIGatewayProxyEventV2;

describe('IoT rule destination confirmation', () => {
  it.each([
    ['https://iot.eu-west-1.amazonaws.com/confirmdestination/AYAD', true],
    ['https://iot.cn-north-1.amazonaws.com.cn/confirmdestination/x', true],
    ['http://iot.eu-west-1.amazonaws.com/confirmdestination/x', false],
    ['https://iot.eu-west-1.amazonaws.com:8443/x', false],
    ['https://iot.eu-west-1.amazonaws.com.evil.example/x', false],
    ['https://evil.example/?https://iot.eu-west-1.amazonaws.com/', false],
    ['https://user@iot.eu-west-1.amazonaws.com/x', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['not a url', false],
  ])('%s is an IoT enable URL: %s', (url, expected) => {
    expect(isIotEnableUrl(url)).toBe(expected);
  });

  it('is recognised only without a key, by header or body, with both fields', () => {
    const body = { arn: ARN, enableUrl: 'https://iot.eu-west-1.amazonaws.com/c/x', messageType: 'DestinationConfirmation' };
    expect(readConfirmation(event(body))).toEqual({ arn: ARN, enableUrl: body.enableUrl });
    expect(readConfirmation(event({ ...body, messageType: undefined }, { 'x-amz-rules-engine-message-type': 'DestinationConfirmation' }))).toBeDefined();
    expect(readConfirmation(event(body, { 'x-api-key': 'fdk_x' }))).toBeUndefined();
    expect(readConfirmation(event({ ...body, enableUrl: 5 }))).toBeUndefined();
    expect(readConfirmation(event({ arn: ARN, enableUrl: body.enableUrl }))).toBeUndefined();
    // Only a topic rule destination's ARN: no key means no other use of this path can write the table.
    for (const arn of ['x', 'arn:aws:s3:::bucket', 'arn:aws:iot:eu-west-1:123:ruledestination/http/a', `${ARN}\n`]) {
      expect(readConfirmation(event({ ...body, arn }))).toBeUndefined();
    }
  });

  it('visits an IoT enable URL and records it as confirmed', async () => {
    const fetchFake = jest.fn(async () => new Response('ok', { status: 200 }));
    const enableUrl = 'https://iot.eu-west-1.amazonaws.com/confirmdestination/AYAD';
    expect(await handleConfirmation({ arn: ARN, enableUrl }, fetchFake as unknown as typeof fetch)).toEqual({ success: true, confirmed: true });
    expect(fetchFake).toHaveBeenCalledWith(enableUrl, expect.objectContaining({ method: 'GET', redirect: 'manual' }));
    const stored = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.destinationConfirmation(createHash('sha256').update(ARN).digest('hex')) }),
    );
    expect(stored.Item).toMatchObject({ arn: ARN, enableUrl, status: 'confirmed' });
  });

  it('never fetches any other URL, and records it for the operator', async () => {
    const fetchFake = jest.fn();
    const res = await handleConfirmation({ arn: `${ARN}-2`, enableUrl: 'https://attacker.example/confirm' }, fetchFake as unknown as typeof fetch);
    expect(res).toEqual({ success: true, confirmed: false });
    expect(fetchFake).not.toHaveBeenCalled();
  });

  it('a failing IoT endpoint is recorded as failed, not thrown', async () => {
    const fetchFake = jest.fn(async () => {
      throw new Error('timeout');
    });
    expect(await handleConfirmation({ arn: `${ARN}-3`, enableUrl: 'https://iot.us-east-1.amazonaws.com/c/x' }, fetchFake as unknown as typeof fetch)).toEqual({
      success: true,
      confirmed: false,
    });
  });
});

/** Issue 23 #8: the hook takes no key, so what it accepts and stores must be bounded. */
describe('a flood of confirmations cannot hide a real one', () => {
  const OWN = '123456789012';
  const CONNECTOR = '210987654321';
  const real = `arn:aws:iot:eu-west-1:${CONNECTOR}:ruledestination/http/real-destination`;
  const hashOf = (arn: string) => createHash('sha256').update(arn).digest('hex');
  const confirmationEvent = (arn: string) =>
    event({ arn, enableUrl: 'https://attacker.example/c', messageType: 'DestinationConfirmation', confirmationToken: 't' });
  const saved = process.env[DESTINATION_ENV.accounts];
  beforeAll(() => {
    process.env[DESTINATION_ENV.accounts] = `${OWN},${CONNECTOR}`;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env[DESTINATION_ENV.accounts];
    else process.env[DESTINATION_ENV.accounts] = saved;
  });

  it('accepts only destinations of this deployment\'s account and its connectors\' accounts', () => {
    const body = (arn: string) => ({ arn, enableUrl: 'https://iot.eu-west-1.amazonaws.com/c/x', messageType: 'DestinationConfirmation' });
    expect(readConfirmation(event(body(`arn:aws:iot:eu-west-1:${OWN}:ruledestination/http/a`)))).toBeDefined();
    expect(readConfirmation(event(body(real)))).toBeDefined();
    expect(readConfirmation(event(body('arn:aws:iot:eu-west-1:999999999999:ruledestination/http/a')))).toBeUndefined();
  });

  it('confirmations of foreign accounts are never stored; a repeated destination overwrites its one item', async () => {
    const before = (await listDestinationConfirmations()).length;
    for (let i = 0; i < 150; i++) {
      expect(await answerDestinationConfirmation(confirmationEvent(`arn:aws:iot:eu-west-1:${String(100000000000 + i)}:ruledestination/http/f${i}`))).toBeUndefined();
    }
    expect(await listDestinationConfirmations()).toHaveLength(before);
    for (let i = 0; i < 3; i++) await answerDestinationConfirmation(confirmationEvent(real));
    const listed = await listDestinationConfirmations();
    expect(listed).toHaveLength(before + 1);
    expect(listed.filter((c) => c.arn === real)).toHaveLength(1);
  });

  it('expired records ahead of it in the partition do not push it out of `iot confirmations` (filter before limit)', async () => {
    // 120 records that sort before the real one and have expired (TTL deletes them within days, not at once).
    const expired: string[] = [];
    for (let i = 0; expired.length < 120; i++) {
      const arn = `arn:aws:iot:eu-west-1:${OWN}:ruledestination/http/old-${i}`;
      if (hashOf(arn) < hashOf(real)) expired.push(arn);
    }
    for (const arn of expired) {
      await documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.destinationConfirmation(hashOf(arn)), entity: 'destinationConfirmation', arn, enableUrl: 'x', status: 'refused_url', receivedAt: '2020-01-01T00:00:00Z', expiresAt: 1 },
        }),
      );
    }
    const listed = await listDestinationConfirmations();
    expect(listed.map((c) => c.arn)).toContain(real);
    expect(listed.some((c) => expired.includes(String(c.arn)))).toBe(false);
    // And by its ARN, whatever else the partition holds.
    expect(await listDestinationConfirmations({ arn: real })).toEqual([expect.objectContaining({ arn: real, status: 'refused_url' })]);
    expect(await listDestinationConfirmations({ arn: expired[0] })).toEqual([]);
  });
});
