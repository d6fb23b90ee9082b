import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { documentClient, tableName } from '../../db/client';
import * as keys from '../../db/key-builders';
import { stripKeys } from '../../db/keys';
import { queryPartition, transactWrite, TransactionConditionFailed } from '../../db/operations';
import type { User, UserRole } from './user.schema';

/**
 * Access patterns for console users (docs/data-model.md): user by id (the session check, one
 * consistent GetItem), users of an org (one Query), user by email (the guard item), create
 * (user + email guard in one transaction: two concurrent adds leave one user), remove (both
 * deleted together), one-time sign-in tokens (put; consumed by a conditional delete, so a link
 * works once even when opened twice at the same moment).
 */

export interface StoredUser extends User {
  /** Epoch ms before which sessions are no longer accepted (sign-out moves it). */
  sessionsValidFrom?: number;
}

export async function getUser(organizationId: string, userId: string): Promise<StoredUser | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.user(organizationId, userId), ConsistentRead: true }));
  return out.Item ? (stripKeys(out.Item) as unknown as StoredUser) : undefined;
}

/** Creates the user unless the email is taken in the organization; undefined when it is. */
export async function createUser(organizationId: string, email: string, role: UserRole): Promise<User | undefined> {
  const user: User = { userId: randomUUID(), organizationId, email, role, createdAt: new Date().toISOString() };
  try {
    await transactWrite([
      { Put: { TableName: tableName(), Item: { ...keys.user(organizationId, user.userId), entity: 'user', ...user }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { ...keys.userEmail(organizationId, email), entity: 'userEmail', userId: user.userId }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return undefined;
    throw error;
  }
  return user;
}

export async function listUsers(organizationId: string): Promise<User[]> {
  const items = await queryPartition(keys.usersPartition(organizationId), { skPrefix: 'USER#' });
  return items.map((item) => {
    const { userId, email, role, createdAt } = item as User;
    return { userId, organizationId, email, role, createdAt };
  });
}

export async function findUserIdByEmail(organizationId: string, email: string): Promise<string | undefined> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.userEmail(organizationId, email), ConsistentRead: true }));
  return out.Item?.userId as string | undefined;
}

/** Deletes the user and its email guard together; false when it was already gone. */
export async function deleteUser(organizationId: string, userId: string, email: string): Promise<boolean> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: keys.user(organizationId, userId), ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: tableName(), Key: keys.userEmail(organizationId, email) } },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return false;
    throw error;
  }
}

/** Ends every session of the user issued before `nowMs`. */
export async function endSessions(organizationId: string, userId: string, nowMs: number): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(organizationId, userId),
        UpdateExpression: 'SET sessionsValidFrom = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': nowMs },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function putSignInToken(tokenHash: string, organizationId: string, userId: string, expiresAtMs: number): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.signInToken(tokenHash), entity: 'signInToken', organizationId, userId, validUntil: expiresAtMs, expiresAt: Math.ceil(expiresAtMs / 1000) },
    }),
  );
}

/** Deletes the token and returns what it named; undefined when it did not exist (used, or never issued). */
export async function consumeSignInToken(tokenHash: string): Promise<{ organizationId: string; userId: string; validUntil: number } | undefined> {
  try {
    const out = await documentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.signInToken(tokenHash), ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }),
    );
    const item = out.Attributes;
    return item ? { organizationId: item.organizationId as string, userId: item.userId as string, validUntil: item.validUntil as number } : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/**
 * Why a team change was refused: the target is gone (`missing`), or the acting admin no longer is
 * one (`witness`). The witness is what keeps an admin in the organization: every demotion or
 * removal checks, in its own transaction, that the acting admin (never the target) still is an
 * admin. Transactions are serializable, so after any of them commits its witness is an admin:
 * two admins demoting each other at the same moment cannot both succeed.
 */
export type TeamChangeRefusal = 'missing' | 'witness';

const witnessCheck = (organizationId: string, witnessUserId: string) => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: keys.user(organizationId, witnessUserId),
    ConditionExpression: '#role = :admin',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ':admin': 'admin' },
  },
});

const refusalOf = (error: TransactionConditionFailed): TeamChangeRefusal => (error.failedAt(0) ? 'missing' : 'witness');

/** Sets a user's role while `witnessUserId` (the acting admin) is still an admin. Returns the user, or why not. */
export async function setRoleWitnessed(organizationId: string, userId: string, role: UserRole, witnessUserId: string): Promise<User | TeamChangeRefusal> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keys.user(organizationId, userId),
          UpdateExpression: 'SET #role = :role',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': role },
        },
      },
      witnessCheck(organizationId, witnessUserId),
    ]);
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return refusalOf(error);
    throw error;
  }
  const user = await getUser(organizationId, userId);
  if (!user) return 'missing';
  const { email, createdAt } = user;
  return { userId, organizationId, email, role: user.role, createdAt };
}

/** Deletes a user and its email guard while `witnessUserId` (the acting admin) is still an admin. */
export async function deleteUserWitnessed(organizationId: string, user: Pick<User, 'userId' | 'email'>, witnessUserId: string): Promise<true | TeamChangeRefusal> {
  try {
    await transactWrite([
      { Delete: { TableName: tableName(), Key: keys.user(organizationId, user.userId), ConditionExpression: 'attribute_exists(pk)' } },
      witnessCheck(organizationId, witnessUserId),
      { Delete: { TableName: tableName(), Key: keys.userEmail(organizationId, user.email) } },
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionConditionFailed) return refusalOf(error);
    throw error;
  }
}

/** Sets a role unconditionally (undo of a change Cognito refused). */
export async function setRole(organizationId: string, userId: string, role: UserRole): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(organizationId, userId),
      UpdateExpression: 'SET #role = :role',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role },
    }),
  ).catch((error: unknown) => {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  });
}
