import { App } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { isInferenceProfileId, readDeploymentConfig } from '../../lib/config';

const read = (context: Record<string, unknown>) => readDeploymentConfig(new App({ context }).node);

describe('deployment context', () => {
  test('defaults', () => {
    expect(read({})).toEqual({
      stage: 'dev',
      logRetention: RetentionDays.ONE_MONTH,
      alarmEmail: undefined,
      sourceMaps: false,
      classifier: { kind: 'embedded' },
      diagnosis: { kind: 'embedded' },
      iotIngestion: true,
      backfillUploaders: [],
      iotConnectorAccounts: [],
    });
  });

  test('values from -c (strings) are parsed; an empty e-mail means none', () => {
    expect(read({ stage: 'prod', logRetentionDays: '90', alarmEmail: ' ', sourceMaps: 'true' })).toEqual({
      stage: 'prod',
      logRetention: RetentionDays.THREE_MONTHS,
      alarmEmail: undefined,
      sourceMaps: true,
      classifier: { kind: 'embedded' },
      diagnosis: { kind: 'embedded' },
      iotIngestion: true,
      backfillUploaders: [],
      iotConnectorAccounts: [],
    });
  });

  test('classifier: embedded by default (an empty model id counts as unset), bedrock with a model or inference profile id', () => {
    expect(read({ classifier: 'embedded', bedrockModelId: '' }).classifier).toEqual({ kind: 'embedded' });
    expect(read({ classifier: 'bedrock', bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0' }).classifier).toEqual({
      kind: 'bedrock',
      modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
    });
    expect(read({ classifier: 'bedrock', bedrockModelId: 'eu.amazon.nova-lite-v1:0' }).classifier).toEqual({ kind: 'bedrock', modelId: 'eu.amazon.nova-lite-v1:0' });
  });

  test('backfillUploaders and iotConnectorAccounts: from -c strings or cdk.json arrays', () => {
    const org = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(read({ backfillUploaders: `${org}=111122223333, ${org}=arn:aws:iam::444455556666:role/up`, iotConnectorAccounts: '111122223333,111122223333' })).toMatchObject({
      backfillUploaders: [
        { organizationId: org, principal: '111122223333' },
        { organizationId: org, principal: 'arn:aws:iam::444455556666:role/up' },
      ],
      iotConnectorAccounts: ['111122223333'],
    });
    expect(read({ backfillUploaders: [{ organizationId: org, principal: '111122223333' }], iotConnectorAccounts: ['444455556666'] })).toMatchObject({
      backfillUploaders: [{ organizationId: org, principal: '111122223333' }],
      iotConnectorAccounts: ['444455556666'],
    });
  });

  test('classifier: hybrid (Bedrock only when the embedded one abstains) with a model id', () => {
    expect(read({ classifier: 'hybrid', bedrockModelId: 'eu.amazon.nova-lite-v1:0' }).classifier).toEqual({ kind: 'hybrid', modelId: 'eu.amazon.nova-lite-v1:0' });
    expect(() => read({ classifier: 'hybrid' })).toThrow(/"bedrockModelId" is required when "classifier" is "hybrid"/);
  });

  test('iotIngestion: on by default, off with false (a second stage in the same account and Region)', () => {
    expect(read({ iotIngestion: false }).iotIngestion).toBe(false);
    expect(read({ iotIngestion: 'false' }).iotIngestion).toBe(false);
    expect(read({ iotIngestion: true }).iotIngestion).toBe(true);
  });

  test.each([
    ['anthropic.claude-3-haiku-20240307-v1:0', false],
    ['amazon.nova-lite-v1:0', false],
    ['us.anthropic.claude-3-5-haiku-20241022-v1:0', true],
    ['global.anthropic.claude-sonnet-4-20250514-v1:0', true],
    ['apac.amazon.nova-micro-v1:0', true],
  ])('%s is an inference profile id: %s', (id, expected) => {
    expect(isInferenceProfileId(id)).toBe(expected);
  });

  test.each([
    [{ stage: 'has space' }, /stage/],
    // Stages differing only in case would collide (issue 22 #3): upper case is refused outright.
    [{ stage: 'Prod' }, /"stage" must be 1-20 lower-case letters/],
    [{ connectorKeyArn: 'alias/x' }, /"connectorKeyArn" must be a KMS key ARN/],
    [{ logRetentionDays: '45' }, /logRetentionDays" must be one of/],
    [{ alarmEmail: 'not-an-address' }, /alarmEmail/],
    [{ classifier: 'openai' }, /"classifier" must be "embedded", "hybrid" or "bedrock"/],
    [{ classifier: 'bedrock' }, /"bedrockModelId" is required/],
    [{ bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0' }, /"classifier" is "embedded"/],
    [{ classifier: 'bedrock', bedrockModelId: '*' }, /bedrockModelId" must be a Bedrock model/],
    [{ classifier: 'bedrock', bedrockModelId: 'arn:aws:bedrock:us-east-1::foundation-model/x.y' }, /bedrockModelId" must be a Bedrock model/],
    [{ classifier: 'bedrock', bedrockModelId: 'anthropic.*' }, /bedrockModelId" must be a Bedrock model/],
    [{ iotIngestion: 'yes' }, /"iotIngestion" must be "true" or "false"/],
  ])('rejects %j', (context, message) => {
    expect(() => read(context)).toThrow(message);
  });
});
