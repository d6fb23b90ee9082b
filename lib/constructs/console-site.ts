import { existsSync } from 'node:fs';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { CONSOLE_CSP } from '../../shared/http/security-headers';

/** Where the console lives on the distribution (and in the bucket): `/console/…`, beside `/api/…`. */
export const CONSOLE_PREFIX = 'console';
/** HSTS max-age the headers policy sets: two years, as in shared/http/security-headers.ts. */
const HSTS_SECONDS = 63_072_000;

/**
 * Rewrites page paths of the single-page app (no file extension) to its index.html, so a reload
 * or a shared link keeps the place. Only on the console's behavior: API errors stay API errors.
 */
const SPA_REWRITE = `function handler(event) {
  var uri = event.request.uri;
  if (uri === '/' ) { return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: '/${CONSOLE_PREFIX}/' } } }; }
  if (uri.indexOf('/${CONSOLE_PREFIX}') === 0 && uri.split('/').pop().indexOf('.') === -1) { event.request.uri = '/${CONSOLE_PREFIX}/index.html'; }
  return event.request;
}`;

export interface ConsoleSiteProps {
  api: IHttpApi;
  /** The built console (`npm run build:console` → console/dist); absent: a page saying how to build it is deployed instead. */
  assetDir: string;
}

/**
 * The support console in AWS: a private bucket read only by CloudFront (origin access control),
 * one distribution serving `/console/*` from it and `/api/*` from the HTTP API on the same origin
 * (no CORS), with the security headers of shared/http/security-headers.ts on every response.
 */
export class ConsoleSite extends Construct {
  readonly bucket: Bucket;
  readonly logs: Bucket;
  readonly distribution: Distribution;
  readonly headers: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: ConsoleSiteProps) {
    super(scope, id);
    this.logs = new Bucket(this, 'Logs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: "This bucket receives the console distribution's and the console bucket's access logs; logging it in turn would need yet another bucket, or log into itself and grow on every delivery. It is private, TLS-only and expires logs after 90 days.",
    });
    this.bucket = new Bucket(this, 'Bucket', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logs,
      serverAccessLogsPrefix: 'console-bucket/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: false,
    });

    this.headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Fleetdesk console: CSP without inline scripts, HSTS, no framing',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONSOLE_CSP, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_SECONDS), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });
    const rewrite = new CfFunction(this, 'SpaRewrite', { code: FunctionCode.fromInline(SPA_REWRITE), comment: 'Console pages to index.html' });
    const region = Stack.of(this).region;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Fleetdesk console and API',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: this.headers,
        functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Same origin for the API: the console needs no CORS, and its CSP allows only 'self'.
        'api/*': {
          origin: new HttpOrigin(`${props.api.apiId}.execute-api.${region}.amazonaws.com`, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.headers,
        },
      },
      enableLogging: true,
      logBucket: this.logs,
      logFilePrefix: 'distribution/',
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Makers support customers worldwide and the console is used from wherever their agents work; no country is excluded by design. Access is controlled by Cognito sign-in, not by geography.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason: 'No WAF web ACL by default (a fixed monthly cost per stage): the API behind /api/* is throttled at the HTTP API stage and authenticated per request; a deployment that wants WAF attaches one to this distribution.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason: 'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes; a deployment with its own domain and ACM certificate sets TLSv1.2_2021.',
      },
    );
  }

  /** Uploads the built console under `console/` and its runtime config (`console/config.json`, values resolved at deploy time). */
  deploy(assetDir: string, config: Record<string, unknown>): BucketDeployment {
    const built = existsSync(`${assetDir}/index.html`);
    const deployment = new BucketDeployment(this, 'Deploy', {
      destinationBucket: this.bucket,
      destinationKeyPrefix: `${CONSOLE_PREFIX}/`,
      sources: [
        built
          ? Source.asset(assetDir)
          : Source.data('index.html', '<!doctype html><title>Fleetdesk console</title><p>The console was not built before this deployment: run <code>npm run build:console</code>, then deploy again.</p>'),
        Source.jsonData('config.json', config),
      ],
      distribution: this.distribution,
      distributionPaths: [`/${CONSOLE_PREFIX}/*`],
      prune: true,
    });
    const stack = Stack.of(this);
    // The deployment's provider function is a stack-level singleton (aws-cdk-lib's own code).
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      const bucketId = stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket);
      const iam5 = "aws-cdk-lib's BucketDeployment provider copies the console's files and invalidates the distribution: object-level actions on the CDK asset bucket and on the console bucket (its own grants, scoped to those two buckets) and CloudFront invalidation, which IAM cannot scope to one distribution here.";
      Validations.of(child).acknowledge(
        { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: "aws-cdk-lib's BucketDeployment provider function uses AWSLambdaBasicExecutionRole for its own logs; it runs only during deployments." },
        ...['Action::s3:GetObject*', 'Action::s3:GetBucket*', 'Action::s3:List*', 'Action::s3:DeleteObject*', 'Action::s3:Abort*', 'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*', `Resource::<${bucketId}.Arn>/*`, 'Resource::*'].map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason: iam5,
        })),
        { id: 'AwsSolutions-L1', reason: "aws-cdk-lib's BucketDeployment provider function pins its runtime; it runs only during deployments and handles no request." },
      );
    }
    return deployment;
  }
}
