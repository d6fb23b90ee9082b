import { Match } from 'aws-cdk-lib/assertions';
import { CONSOLE_PREFIX, API_PREFIX, gatewayRouteKey, routes } from '../../shared/routes';
import { resourcesOf, synth } from './synth';

/** The console in the stack (issue 18): CloudFront + OAC bucket, same-origin API, headers, Cognito and the JWT authorizer. */
describe('support console infrastructure', () => {
  const s = synth({ alarmEmail: 'ops@example.com' });
  const t = s.template;
  const routeResources = Object.values(resourcesOf(t, 'AWS::ApiGatewayV2::Route'));

  test('a private bucket read by CloudFront through origin access control only', () => {
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    t.hasResourceProperties('AWS::CloudFront::OriginAccessControl', { OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }) });
    const buckets = resourcesOf(t, 'AWS::S3::Bucket');
    const consoleBucket = Object.entries(buckets).find(([id]) => id.startsWith('ConsoleBucket'));
    expect(consoleBucket?.[1].Properties?.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    t.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: consoleBucket?.[0] },
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject', Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } } }),
        ]),
      }),
    });
  });

  test('one distribution: the console from the bucket, /api/* from the HTTP API on the same origin, uncached', () => {
    t.resourceCountIs('AWS::CloudFront::Distribution', 1);
    const dist = Object.values(resourcesOf(t, 'AWS::CloudFront::Distribution'))[0]?.Properties?.DistributionConfig as Record<string, unknown>;
    const origins = dist.Origins as { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: { OriginProtocolPolicy: string } }[];
    expect(origins.filter((o) => o.OriginAccessControlId !== undefined)).toHaveLength(1);
    const apiOrigin = origins.find((o) => o.CustomOriginConfig);
    expect(apiOrigin?.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
    expect(JSON.stringify(apiOrigin?.DomainName)).toContain('execute-api');
    const behaviors = dist.CacheBehaviors as { PathPattern: string; TargetOriginId: string; CachePolicyId: string; AllowedMethods: string[] }[];
    const api = behaviors.find((b) => b.PathPattern === 'api/*');
    expect(api?.TargetOriginId).toBe(apiOrigin?.Id);
    expect(api?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // Managed-CachingDisabled
    expect(api?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']));
    expect((dist.DefaultCacheBehavior as { ViewerProtocolPolicy: string }).ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  test('security headers on every behavior: CSP without inline scripts, HSTS, no framing', () => {
    t.resourceCountIs('AWS::CloudFront::ResponseHeadersPolicy', 1);
    const policy = Object.values(resourcesOf(t, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]?.Properties?.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> };
    const h = policy.SecurityHeadersConfig;
    const csp = h.ContentSecurityPolicy?.ContentSecurityPolicy as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(h.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true });
    expect(h.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    const dist = Object.values(resourcesOf(t, 'AWS::CloudFront::Distribution'))[0]?.Properties?.DistributionConfig as { DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown }; CacheBehaviors: { ResponseHeadersPolicyId: unknown }[] };
    for (const b of [dist.DefaultCacheBehavior, ...dist.CacheBehaviors]) expect(b.ResponseHeadersPolicyId).toBeDefined();
  });

  test('the JWT authorizer is on every console route and on no ext-v1 (or other key) route', () => {
    const authorizers = resourcesOf(t, 'AWS::ApiGatewayV2::Authorizer');
    expect(Object.values(authorizers)).toHaveLength(1);
    const [authorizerId, authorizer] = Object.entries(authorizers)[0] as [string, { Properties: Record<string, unknown> }];
    expect(authorizer.Properties).toMatchObject({ AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
    const consoleRoutes = routes.filter((r) => r.path.startsWith(CONSOLE_PREFIX));
    expect(consoleRoutes.length).toBeGreaterThan(5);
    expect(consoleRoutes.every((r) => r.auth === 'user')).toBe(true);
    // The console's API is ten route groups (routes.ts CONSOLE_GROUPS): the catch-all greedy route and every
    // other group's routes by their own keys (API Gateway prefers those), each behind the authorizer.
    const gatewayKeys = new Set(consoleRoutes.map(gatewayRouteKey));
    expect(gatewayKeys).toContain(`ANY ${CONSOLE_PREFIX}/{proxy+}`);
    expect([...gatewayKeys].filter((k) => k.includes('{proxy+}'))).toEqual([`ANY ${CONSOLE_PREFIX}/{proxy+}`]);
    for (const key of gatewayKeys) {
      const res = routeResources.find((x) => x.Properties?.RouteKey === key);
      expect([key, res?.Properties]).toMatchObject([key, { AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } }]);
    }
    // No console route key the table does not declare (each one carries the authorizer, checked above).
    expect(routeResources.filter((x) => String(x.Properties?.RouteKey).includes(CONSOLE_PREFIX)).map((x) => x.Properties?.RouteKey).sort()).toEqual([...gatewayKeys].sort());
    const others = routeResources.filter((x) => !String(x.Properties?.RouteKey).includes(CONSOLE_PREFIX));
    expect(others.some((x) => String(x.Properties?.RouteKey).includes(API_PREFIX))).toBe(true);
    for (const x of others) expect(x.Properties?.AuthorizerId).toBeUndefined();
  });

  test('Cognito: admin-created users only, email sign-in, optional MFA, role groups, org as an immutable attribute', () => {
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      MfaConfiguration: 'OPTIONAL',
      Schema: Match.arrayWith([Match.objectLike({ Name: 'organizationId', Mutable: false })]),
    });
    const groups = Object.values(resourcesOf(t, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties?.GroupName).sort();
    expect(groups).toEqual(['admin', 'agent']);
    const client = Object.values(resourcesOf(t, 'AWS::Cognito::UserPoolClient'))[0]?.Properties as Record<string, unknown>;
    expect(client.GenerateSecret).toBe(false);
    expect(client.AllowedOAuthFlows).toEqual(['code']);
    expect(client.WriteAttributes).not.toContain('custom:organizationId');
  });

  test('person-route functions trust only the authorizer; the console gets its runtime config at deploy time', () => {
    const fns = Object.values(resourcesOf(t, 'AWS::Lambda::Function'));
    const withCognito = fns.filter((f) => (f.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.CONSOLE_AUTH === 'cognito');
    expect(withCognito.length).toBe(new Set(routes.filter((r) => r.auth === 'user').map((r) => r.functionId ?? r.id)).size);
    t.resourceCountIs('Custom::CDKBucketDeployment', 1);
    // config.json's values (client id, hosted sign-in domain) are deploy-time references, filled in by the deployment.
    const markers = JSON.stringify(Object.values(resourcesOf(t, 'Custom::CDKBucketDeployment'))[0]?.Properties?.SourceMarkers);
    const client = Object.keys(resourcesOf(t, 'AWS::Cognito::UserPoolClient'))[0] as string;
    const domain = Object.keys(resourcesOf(t, 'AWS::Cognito::UserPoolDomain'))[0] as string;
    expect(markers).toContain(`{"Ref":"${client}"}`);
    expect(markers).toContain(`{"Ref":"${domain}"}`);
  });
});
