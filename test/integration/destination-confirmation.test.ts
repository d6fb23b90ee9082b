import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { useTestTable } from '../support/dynamo';
import { documentClient, tableName } from '../../shared/db/client';
import { keys } from '../../shared/db/keys';
import { handleConfirmation, isIotEnableUrl, readConfirmation } from '../../shared/domain/telemetry/destination-confirmation';

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
