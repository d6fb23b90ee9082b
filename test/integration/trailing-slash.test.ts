import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { handler as fallback, SLASH_FORM_HANDLERS } from '../../functions/http/not-found';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { DESTINATION_ENV } from '../../shared/domain/telemetry/destination-confirmation';
import { notFoundRoute, routes } from '../../shared/routes';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/**
 * Issue 22 #1: what API Gateway sends the `$default` route when nothing matched. An HTTP API does
 * not match `POST /api/telemetry/` to the route `POST /api/telemetry`, so IoT Core's destination
 * confirmation (`POST {confirmationUrl}/?confirmationToken=…`) arrives here, as does `getCustomer/`.
 */
function defaultRouteEvent(method: string, rawPath: string, options: { body?: unknown; headers?: Record<string, string>; rawQueryString?: string } = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: options.rawQueryString ?? '',
    headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
    requestContext: {
      routeKey: '$default',
      stage: '$default',
      requestId: 'r-slash',
      timeEpoch: Date.now(),
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'AWS-IoT' },
    } as APIGatewayProxyEventV2['requestContext'],
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    isBase64Encoded: false,
  };
}
const context = { awsRequestId: 'req-slash', functionName: 'NotFound' } as Context;
const call = async (event: APIGatewayProxyEventV2) => {
  const res = (await fallback(event, context)) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode, body: JSON.parse(String(res.body)) as Record<string, unknown> };
};

const ACCOUNT = '123456789012';
const ARN = `arn:aws:iot:eu-west-1:${ACCOUNT}:ruledestination/http/7a280e37-slash`;
const ENABLE_URL = 'https://iot.eu-west-1.amazonaws.com/confirmdestination/AYADeExample';

describe('the $default route serves the trailing-slash forms with the routes\' own handlers', () => {
  const saved = process.env[DESTINATION_ENV.accounts];
  beforeAll(() => {
    process.env[DESTINATION_ENV.accounts] = `${ACCOUNT},210987654321`;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env[DESTINATION_ENV.accounts];
    else process.env[DESTINATION_ENV.accounts] = saved;
  });
  afterEach(() => jest.restoreAllMocks());

  test('the slash forms are exactly the listed routes, each with that route\'s handler', async () => {
    for (const id of notFoundRoute.slashForms) {
      const route = routes.find((r) => r.id === id);
      expect(route?.path).not.toContain('{');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      expect(SLASH_FORM_HANDLERS[id]).toBe((require(`../../${route?.entry}`) as { handler: unknown }).handler);
    }
  });

  test('IoT\'s confirmation POST to /api/telemetry/?confirmationToken=… is confirmed and recorded', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('ok', { status: 200 }));
    const res = await call(
      defaultRouteEvent('POST', '/api/telemetry/', {
        rawQueryString: 'confirmationToken=AYADeExample',
        headers: { 'x-amz-rules-engine-message-type': 'DestinationConfirmation' },
        body: { arn: ARN, confirmationToken: 'AYADeExample', enableUrl: ENABLE_URL, messageType: 'DestinationConfirmation' },
      }),
    );
    expect(res).toEqual({ status: 200, body: { success: true, confirmed: true } });
    expect(fetchSpy).toHaveBeenCalledWith(ENABLE_URL, expect.objectContaining({ method: 'GET' }));
    const stored = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: keys.destinationConfirmation(createHash('sha256').update(ARN).digest('hex')) }),
    );
    expect(stored.Item).toMatchObject({ arn: ARN, status: 'confirmed' });
  });

  test('telemetry with a key through the slash form is ingested like the route', async () => {
    const { apiKey } = await newOrg();
    const res = await call(defaultRouteEvent('POST', '/api/telemetry/', { headers: { 'x-api-key': apiKey }, body: { deviceIdentifier: 'slash-1', temp: 1 } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, accepted: 1 });
    // And without a key: the route's 401, not a 404.
    expect(await call(defaultRouteEvent('POST', '/api/telemetry/', { body: { deviceIdentifier: 'slash-1', temp: 1 } }))).toEqual({ status: 401, body: { error: 'Missing API key' } });
  });

  test('GET …/customer/getCustomer/ answers 400 Customer ID is required, as docs/operations.md promises', async () => {
    const { apiKey } = await newOrg();
    expect(await call(defaultRouteEvent('GET', '/api/ext-v1/customer/getCustomer/', { headers: { 'x-api-key': apiKey } }))).toEqual({
      status: 400,
      body: { error: 'Customer ID is required' },
    });
  });

  test('anything else is still the 404, with no auth and no table', async () => {
    for (const [method, path] of [['POST', '/api/telemetry/x/'], ['GET', '/api/telemetry/'], ['GET', '/nope/'], ['POST', '/api/ext-v1/device/']] as const) {
      expect(await call(defaultRouteEvent(method, path))).toEqual({ status: 404, body: { error: 'Not found' } });
    }
  });
});
