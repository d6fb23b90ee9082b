import { CONSOLE_USER_ACTIONS, USER_POOL_ENV } from '../../shared/admin/user-pool';
import { logicalId, resourcesOf, synth } from './synth';

/**
 * Settings > Team in AWS (issue 18): the console's function, and only it, gets the user pool's id and
 * the four Cognito admin calls it makes, on that pool only (the `consoleUsers` capability).
 */
describe('console settings: Cognito user management', () => {
  const s = synth({ alarmEmail: 'ops@example.com' });
  const t = s.template;
  const poolId = logicalId(s.stack, s.stack.consoleAuth.userPool.node.defaultChild);
  const functions = resourcesOf(t, 'AWS::Lambda::Function');
  const policies = Object.values(resourcesOf(t, 'AWS::IAM::Policy'));

  test('the console function knows the pool; no other function does', () => {
    const withPool = Object.entries(functions).filter(([, f]) => JSON.stringify((f.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}).includes(`"${USER_POOL_ENV}"`));
    expect(withPool.map(([id]) => id)).toEqual([expect.stringMatching(/^ConsoleApi/)]);
    expect((withPool[0]?.[1].Properties?.Environment as { Variables: Record<string, unknown> }).Variables[USER_POOL_ENV]).toEqual({ Ref: poolId });
  });

  test('exactly the four admin calls, on that pool, for that function only', () => {
    const statements = policies.flatMap((p) =>
      ((p.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement ?? []).map((st) => ({ policy: p, st })),
    );
    const cognito = statements.filter(({ st }) => [st.Action].flat().some((a) => a.startsWith('cognito-idp:')));
    expect(cognito).toHaveLength(1);
    expect([cognito[0]?.st.Action].flat().sort()).toEqual([...CONSOLE_USER_ACTIONS].sort());
    expect(cognito[0]?.st.Resource).toEqual({ 'Fn::GetAtt': [poolId, 'Arn'] });
    expect(JSON.stringify(cognito[0]?.policy.Properties?.Roles)).toContain('ConsoleApi');
  });
});
