import { Aws, CfnOutput, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { AccountRecovery, CfnUserPoolGroup, ClientAttributes, Mfa, OAuthScope, StringAttribute, UserPool, UserPoolClient, UserPoolDomain } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { USER_ROLES } from '../../shared/domain/user/user.schema';

export interface ConsoleAuthProps {
  stage: string;
  /** The console's host (the CloudFront domain), for the sign-in callback. */
  consoleDomain: string;
}

/**
 * People of the console in AWS: a Cognito user pool (email sign-in, users created by admins only,
 * MFA optional), a group per role, the organization as a custom attribute only admins can write,
 * a hosted sign-in domain and a public client (authorization code with PKCE), and API Gateway's JWT
 * authorizer for it, which the stack puts on every `auth: 'user'` route and on no other.
 */
export class ConsoleAuth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  readonly authorizer: HttpUserPoolAuthorizer;

  constructor(scope: Construct, id: string, props: ConsoleAuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'Users', {
      userPoolName: `fleetdesk-${props.stage}-console`,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: { minLength: 12, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: true, tempPasswordValidity: Duration.days(3) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Writable by admins (AdminCreateUser) only: the client below cannot write it, so a user cannot move organizations.
      customAttributes: { organizationId: new StringAttribute({ mutable: false, minLen: 36, maxLen: 36 }) },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason: 'MFA is optional by the product decision of issue 18 (makers enable TOTP per user); sign-in is email and a strong password, and users exist only when an admin creates them.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Threat protection is part of the paid Cognito Plus feature plan; self sign-up is off and every user is admin-created, so credential stuffing has no open door. A deployment can enable it on this pool.',
      },
    );
    for (const role of USER_ROLES) new CfnUserPoolGroup(this, `${role}Group`, { userPoolId: this.userPool.userPoolId, groupName: role, description: `Fleetdesk console ${role}s` });
    this.domain = this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix: `fleetdesk-${props.stage}-${Aws.ACCOUNT_ID}` } });
    const callback = `https://${props.consoleDomain}/console/sign-in`;
    this.client = this.userPool.addClient('Console', {
      generateSecret: false,
      authFlows: { userSrp: true },
      oAuth: { flows: { authorizationCodeGrant: true }, scopes: [OAuthScope.OPENID, OAuthScope.EMAIL], callbackUrls: [callback], logoutUrls: [`https://${props.consoleDomain}/console/`] },
      // The organization is read, never written, through the client (it is also immutable).
      readAttributes: new ClientAttributes().withStandardAttributes({ email: true, emailVerified: true }).withCustomAttributes('organizationId'),
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true }),
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.hours(12),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });
    this.authorizer = new HttpUserPoolAuthorizer('ConsoleAuthorizer', this.userPool, { userPoolClients: [this.client], identitySource: ['$request.header.Authorization'] });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId, description: 'USER_POOL_ID for `npm run admin -- user add` against this stage' });
  }

  /** The console's runtime config (`config.json`): resolved at deploy time. */
  runtimeConfig(region: string): Record<string, unknown> {
    return { auth: 'cognito', apiBase: '', cognito: { domain: `${this.domain.domainName}.auth.${region}.amazoncognito.com`, clientId: this.client.userPoolClientId } };
  }
}
