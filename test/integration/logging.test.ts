import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

describe('structured logs', () => {
  it('one JSON line per request with org and request id, never the API key or the body', async () => {
    const { apiKey } = await newOrg();
    // A fresh module graph whose logger starts at INFO (the suite runs SILENT otherwise).
    process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
    let handler!: (e: APIGatewayProxyEventV2, c: Context) => Promise<unknown>;
    jest.isolateModules(() => {
      handler = (require('../../functions/http/device/upsert-device') as { handler: typeof handler }).handler;
    });
    process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';

    const lines: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const event = {
        version: '2.0',
        routeKey: 'POST /api/ext-v1/device',
        rawPath: '/api/ext-v1/device',
        rawQueryString: '',
        headers: { 'x-api-key': apiKey },
        requestContext: { requestId: 'r1', timeEpoch: Date.now(), http: { method: 'POST' } },
        body: JSON.stringify({ identifier: 'LOG-1', type: 'sensor', properties: { secret: 'body-secret-value' } }),
        isBase64Encoded: false,
      } as unknown as APIGatewayProxyEventV2;
      await handler(event, { awsRequestId: 'req-123', functionName: 'UpsertDevice' } as Context);
      await handler({ ...event, body: '{bad' }, { awsRequestId: 'req-124', functionName: 'UpsertDevice' } as Context);
    } finally {
      spy.mockRestore();
    }
    const records = lines.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual([
      expect.objectContaining({ message: 'request', status: 200, route: 'POST /api/ext-v1/device', function_request_id: 'req-123', organizationId: expect.any(String) }),
      expect.objectContaining({ message: 'request', status: 400, function_request_id: 'req-124', organizationId: expect.any(String) }),
    ]);
    const output = lines.join('');
    expect(output).not.toContain(apiKey);
    expect(output).not.toContain('body-secret-value');
  });
});
