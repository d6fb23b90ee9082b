import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import { ORG_CLAIM } from '../domain/user/user-auth';
import { USER_POOL_ENV } from './user-pool';
import { addUser, changeUserRole, issueSignInLink, listUsers, parseEmail, removeTeamMember, removeUser, setUserRoleUnchecked } from '../domain/user/user.service';

/**
 * The Cognito client, loaded on first use: only AWS calls reach it (`USER_POOL_ID` set). In Lambda it
 * comes from the nodejs22.x runtime's SDK (lib/bundling.ts keeps it out of the bundles: 34 KiB of the
 * console API's bundle for calls an admin makes a few times a month); the CLI loads the dependency.
 */
const COGNITO_MODULE: string = '@aws-sdk/client-cognito-identity-provider';
let cognitoSdk: Promise<typeof CognitoSdk> | undefined;
async function cognitoClient() {
  const sdk = await (cognitoSdk ??= import(COGNITO_MODULE) as Promise<typeof CognitoSdk>);
  return { sdk, client: new sdk.CognitoIdentityProviderClient({}) };
}

async function deleteCognitoUser(poolId: string, username: string): Promise<void> {
  const { sdk, client } = await cognitoClient();
  await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: poolId, Username: username }));
}

/**
 * `user add|list|remove`: console users. Locally `user add` prints a one-time sign-in link; against
 * AWS (`USER_POOL_ID` set, the stack's `ConsoleUserPoolId` output) it also creates the Cognito user
 * (AdminCreateUser: Cognito emails the temporary password) with the organization as a custom
 * attribute only admins can write, and puts it in the role's group.
 */
export { USER_POOL_ENV } from './user-pool';

/** The local console's address, for sign-in links (`npm start` serves it on PORT). */
export const localConsoleUrl = () => process.env.CONSOLE_URL || `http://localhost:${process.env.PORT || 3000}/console`;

export async function userAdd(organizationId: string, email: string | undefined, role: string | undefined): Promise<object> {
  const user = await addUser(organizationId, email, role);
  const poolId = process.env[USER_POOL_ENV];
  if (!poolId) return { ...user, signInLink: await issueSignInLink(user, localConsoleUrl()) };
  const { sdk, client: cognito } = await cognitoClient();
  try {
    await cognito.send(
      new sdk.AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: user.email,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: ORG_CLAIM, Value: organizationId },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    await cognito.send(new sdk.AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: user.email, GroupName: user.role }));
  } catch (error) {
    // No table user without its Cognito user: undo, then report the Cognito error.
    await removeUser(organizationId, user.email).catch(() => undefined);
    throw error;
  }
  return { ...user, invitation: 'Cognito emailed a temporary password' };
}

export async function userRemove(organizationId: string, email: string | undefined): Promise<object> {
  const removed = await removeUser(organizationId, email);
  const poolId = process.env[USER_POOL_ENV];
  if (poolId) await deleteCognitoUser(poolId, parseEmail(email));
  return removed;
}

export const userList = async (organizationId: string) => ({ organizationId, users: await listUsers(organizationId) });

/**
 * The console's role change (Settings > Team): the table decides (user.service.ts, never leaving the
 * organization without an admin); in AWS the user's Cognito group follows, since the role the
 * console trusts there is the ID token's group. When Cognito refuses, the table change is undone.
 */
export async function userSetRole(organizationId: string, actorEmail: string, userId: string | undefined, role: string | undefined): Promise<object> {
  const { before, user } = await changeUserRole(organizationId, actorEmail, userId, role);
  const poolId = process.env[USER_POOL_ENV];
  if (poolId && before.role !== user.role) {
    const { sdk, client: cognito } = await cognitoClient();
    try {
      await cognito.send(new sdk.AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: user.email, GroupName: user.role }));
      await cognito.send(new sdk.AdminRemoveUserFromGroupCommand({ UserPoolId: poolId, Username: user.email, GroupName: before.role }));
    } catch (error) {
      await setUserRoleUnchecked(organizationId, user.userId, before.role).catch(() => undefined);
      throw error;
    }
  }
  return { user };
}

/** The console's removal (Settings > Team): the table first (never yourself, never the last admin), then the Cognito user in AWS. */
export async function userRemoveById(organizationId: string, actorEmail: string, userId: string | undefined): Promise<object> {
  const removed = await removeTeamMember(organizationId, actorEmail, userId);
  const poolId = process.env[USER_POOL_ENV];
  if (poolId) await deleteCognitoUser(poolId, removed.email);
  return removed;
}
