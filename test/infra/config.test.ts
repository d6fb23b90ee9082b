import { App } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { readDeploymentConfig } from '../../lib/config';

const read = (context: Record<string, unknown>) => readDeploymentConfig(new App({ context }).node);

describe('deployment context', () => {
  test('defaults', () => {
    expect(read({})).toEqual({ stage: 'dev', logRetention: RetentionDays.ONE_MONTH, alarmEmail: undefined, sourceMaps: false });
  });

  test('values from -c (strings) are parsed; an empty e-mail means none', () => {
    expect(read({ stage: 'prod', logRetentionDays: '90', alarmEmail: ' ', sourceMaps: 'true' })).toEqual({
      stage: 'prod',
      logRetention: RetentionDays.THREE_MONTHS,
      alarmEmail: undefined,
      sourceMaps: true,
    });
  });

  test.each([
    [{ stage: 'has space' }, /stage/],
    [{ logRetentionDays: '45' }, /logRetentionDays" must be one of/],
    [{ alarmEmail: 'not-an-address' }, /alarmEmail/],
  ])('rejects %j', (context, message) => {
    expect(() => read(context)).toThrow(message);
  });
});
