import { ENV } from '../../shared/config/env';
import { CHAT_DELIVERY_STREAM, CHAT_ENV } from '../../shared/domain/ticket/notification/chat-delivery';
import { API_PREFIX, MCP_PATH, routes } from '../../shared/routes';
import { cdkBundlingOptions, docsAssetCopyCommands } from '../../lib/bundling';
import { logicalId, resourcesOf, synth, type Synth } from './synth';

let s: Synth;
beforeAll(() => {
  s = synth();
});

const fnId = (id: string) => logicalId(s.stack, s.stack.functions.get(id)?.fn.node.defaultChild);
const routeResource = (key: string) => Object.values(resourcesOf(s.template, 'AWS::ApiGatewayV2::Route')).find((r) => r.Properties?.RouteKey === key);
const integrationTarget = (key: string) => {
  const integrations = resourcesOf(s.template, 'AWS::ApiGatewayV2::Integration');
  const target = JSON.stringify(routeResource(key)?.Properties?.Target);
  const id = Object.keys(integrations).find((k) => target.includes(`"${k}"`)) as string;
  return JSON.stringify(integrations[id]?.Properties?.IntegrationUri);
};
const envOf = (id: string) =>
  (resourcesOf(s.template, 'AWS::Lambda::Function')[fnId(id)]?.Properties as { Environment: { Variables: Record<string, unknown> } }).Environment.Variables;

describe('the MCP function', () => {
  test('one function serves POST, GET and DELETE /api/mcp, without an API Gateway authorizer (the handler checks the key)', () => {
    expect(routes.filter((r) => r.path === MCP_PATH).map((r) => r.method).sort()).toEqual(['DELETE', 'GET', 'POST']);
    for (const method of ['POST', 'GET', 'DELETE']) {
      const route = routeResource(`${method} ${MCP_PATH}`);
      expect(route?.Properties?.AuthorizationType ?? 'NONE').toBe('NONE');
      expect(integrationTarget(`${method} ${MCP_PATH}`)).toContain(`"${fnId('Mcp')}"`);
    }
    expect(s.stack.functions.has('McpGet')).toBe(false);
  });

  test('has the table (read-write: create_ticket and assignments write), the chat outbox and the house runtime', () => {
    const props = resourcesOf(s.template, 'AWS::Lambda::Function')[fnId('Mcp')]?.Properties;
    expect(props).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], MemorySize: 512 });
    expect(envOf('Mcp')[ENV.tableName]).toBeDefined();
    expect(envOf('Mcp')[CHAT_ENV.delivery]).toBe(CHAT_DELIVERY_STREAM);
  });
});

describe('the API description and docs page', () => {
  test('GET /openapi.json, /docs and /docs/{asset}: two functions with no table, no TABLE_NAME and only their log grants', () => {
    expect(integrationTarget(`GET ${API_PREFIX}/docs`)).toBe(integrationTarget(`GET ${API_PREFIX}/docs/{asset}`));
    for (const id of ['OpenApiDocument', 'ApiDocs']) {
      expect(envOf(id)[ENV.tableName]).toBeUndefined();
      const roleId = logicalId(s.stack, s.stack.functions.get(id)?.role.node.defaultChild);
      const statements = Object.values(resourcesOf(s.template, 'AWS::IAM::Policy'))
        .filter((p) => JSON.stringify((p.Properties as { Roles: unknown }).Roles).includes(`"${roleId}"`))
        .flatMap((p) => (p.Properties as { PolicyDocument: { Statement: { Action: string | string[] }[] } }).PolicyDocument.Statement);
      expect(statements.flatMap((st) => [st.Action].flat()).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    }
  });

  test('the docs function ships the Swagger UI files next to its bundle (no CDN); other functions do not', () => {
    const commands = docsAssetCopyCommands('/in', '/out');
    expect(commands).toContain('cp "/in/node_modules/swagger-ui-dist/swagger-ui-bundle.js" "/out/node_modules/swagger-ui-dist/swagger-ui-bundle.js"');
    expect(commands).toContain('cp "/in/node_modules/swagger-ui-dist/package.json" "/out/node_modules/swagger-ui-dist/package.json"');
    const hooks = cdkBundlingOptions({ docsAssets: true }).commandHooks;
    expect(hooks?.afterBundling('/in', '/out')).toEqual(commands);
    expect(cdkBundlingOptions({}).commandHooks).toBeUndefined();
  });
});
