import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ORG_CLAIM } from '../domain/user/user-auth';
import { addUser, issueSignInLink, listUsers, parseEmail, removeUser } from '../domain/user/user.service';

/**
 * `user add|list|remove`: console users. Locally `user add` prints a one-time sign-in link; against
 * AWS (`USER_POOL_ID` set, the stack's `ConsoleUserPoolId` output) it also creates the Cognito user
 * (AdminCreateUser: Cognito emails the temporary password) with the organization as a custom
 * attribute only admins can write, and puts it in the role's group.
 */
export const USER_POOL_ENV = 'USER_POOL_ID';

/** The local console's address, for sign-in links (`npm start` serves it on PORT). */
export const localConsoleUrl = () => process.env.CONSOLE_URL || `http://localhost:${process.env.PORT || 3000}/console`;

export async function userAdd(organizationId: string, email: string | undefined, role: string | undefined): Promise<object> {
  const user = await addUser(organizationId, email, role);
  const poolId = process.env[USER_POOL_ENV];
  if (!poolId) return { ...user, signInLink: await issueSignInLink(user, localConsoleUrl()) };
  const cognito = new CognitoIdentityProviderClient({});
  try {
    await cognito.send(
      new AdminCreateUserCommand({
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
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: user.email, GroupName: user.role }));
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
  if (poolId) await new CognitoIdentityProviderClient({}).send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: parseEmail(email) }));
  return removed;
}

export const userList = async (organizationId: string) => ({ organizationId, users: await listUsers(organizationId) });
