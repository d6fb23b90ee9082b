/**
 * The Cognito user pool console users live in (AWS): its id comes in `USER_POOL_ID` (the CLI reads the
 * stack's `ConsoleUserPoolId` output; the console's function gets it from the stack with the
 * `consoleUsers` capability, shared/routes.ts) and these are the only calls made on it.
 */
export const USER_POOL_ENV = 'USER_POOL_ID';
export const CONSOLE_USER_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminDeleteUser',
] as const;
