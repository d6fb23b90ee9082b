import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { httpHandler } from '../../shared/http/handler';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

function event(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /test',
    rawPath: '/test',
    rawQueryString: '',
    headers: {},
    requestContext: { requestId: 'r1', timeEpoch: Date.now(), http: { method: 'POST', path: '/test' } } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...overrides,
  };
}
const context = { awsRequestId: 'req-123', functionName: 'test' } as Context;

describe('handler factory', () => {
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await newOrg()).apiKey;
  });

  it('maps an unexpected error to a 500 that leaks nothing', async () => {
    const handler = httpHandler({}, async () => {
      throw new Error('secret table name and stack');
    });
    const res = await handler(event({ headers: { 'x-api-key': apiKey } }), context);
    expect(res).toMatchObject({ statusCode: 500, body: JSON.stringify({ error: 'Internal server error' }) });
  });

  it('passes validated, transformed input and the caller org to the function', async () => {
    const seen: unknown[] = [];
    const handler = httpHandler({ body: z.object({ n: z.string({ error: 'n!' }).check(z.trim()) }) }, async (req) => {
      seen.push(req.body, req.org.organizationId, req.requestId);
      return { ok: true };
    });
    const res = await handler(event({ headers: { 'X-Api-Key': apiKey }, body: JSON.stringify({ n: ' v ', extra: 1 }) }), context);
    expect(res).toMatchObject({ statusCode: 200, body: '{"ok":true}' });
    expect(seen).toEqual([{ n: 'v' }, expect.stringMatching(/^[0-9a-f-]{36}$/), 'req-123']);
  });

  it('decodes base64 bodies as API Gateway may send them', async () => {
    const handler = httpHandler({ body: z.object({ n: z.string({ error: 'n!' }) }) }, async (req) => ({ got: req.body.n }));
    const body = Buffer.from(JSON.stringify({ n: 'é' })).toString('base64');
    const res = await handler(event({ headers: { 'x-api-key': apiKey }, body, isBase64Encoded: true }), context);
    expect(res).toMatchObject({ statusCode: 200, body: '{"got":"é"}' });
  });
});
