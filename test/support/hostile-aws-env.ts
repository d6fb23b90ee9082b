/**
 * Shell variables that would point the AWS SDK at real AWS (a developer who deploys with `cdk deploy`
 * has such values set). Tests of the local stack set them to values that fail against every
 * stand-in, to prove nothing local reads them (issue 17, finding 1).
 */
export const HOSTILE_AWS_ENV: Readonly<Record<string, string>> = {
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEHOSTILE00',
  AWS_SECRET_ACCESS_KEY: 'hostile-secret',
  AWS_SESSION_TOKEN: 'hostile-session-token',
  AWS_PROFILE: 'fleetdesk-no-such-profile',
  AWS_REGION: 'eu-west-3',
  AWS_DEFAULT_REGION: 'ap-southeast-2',
};

/** A copy of `env` without any AWS_* variable, then with the hostile ones. */
export function hostileEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (!name.startsWith('AWS_')) out[name] = value;
  return { ...out, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...HOSTILE_AWS_ENV };
}
