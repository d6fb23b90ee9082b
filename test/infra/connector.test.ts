import { Match } from 'aws-cdk-lib/assertions';
import { logicalId, resourcesOf, synth } from './synth';

/** Crash-reporting sync and ticket diagnosis in the stack (issue 11). */
describe('connector sync and diagnosis infrastructure', () => {
  const s = synth();
  const fnLogicalId = (id: string) => logicalId(s.stack, s.stack.functions.get(id)?.fn.node.defaultChild);
  const roleStatements = (id: string) => {
    const roleId = logicalId(s.stack, s.stack.functions.get(id)?.role.node.defaultChild);
    return Object.values(resourcesOf(s.template, 'AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties?.Roles).includes(roleId))
      .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
  };
  const actionsOf = (id: string) => roleStatements(id).flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]));

  test('a 15-minute EventBridge schedule starts the fan-out; context changes the rate', () => {
    s.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: Match.arrayWith([Match.objectLike({ Arn: { 'Fn::GetAtt': [fnLogicalId('ConnectorSyncSchedule'), 'Arn'] }, DeadLetterConfig: Match.anyValue() })]),
    });
    synth({ connectorSyncMinutes: '30' }).template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(30 minutes)' });
    expect(() => synth({ connectorSyncMinutes: '0' })).toThrow('connectorSyncMinutes');
  });

  test('the job queue: SSE, a DLQ after 3 receives with an alarm, and the worker reading one message at a time', () => {
    const work = s.stack.workQueues.get('ConnectorSync');
    expect(work).toBeDefined();
    s.template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 1800,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(s.stack, work?.deadLetterQueue.queue.node.defaultChild), 'Arn'] }, maxReceiveCount: 3 },
    });
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnLogicalId('ConnectorSync') },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmDescription: Match.stringLikeRegexp('ConnectorSync failed every receive') });
    for (const id of ['ConnectorSync', 'ConnectorSyncSchedule', 'ConsoleConnectorApi']) {
      expect(s.stack.functions.get(id)?.fn).toBeDefined();
      expect(actionsOf(id)).toContain('sqs:SendMessage');
    }
  });

  test('the token key rotates; only the sync functions may decrypt; only the console may seal a new token', () => {
    s.template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
    const keyArn = { 'Fn::GetAtt': [logicalId(s.stack, s.stack.connectorTokenKey?.node.defaultChild), 'Arn'] };
    // The webhook functions' grants on the same key hold only under the webhook secrets' context (test/infra/webhooks.test.ts).
    const webhookOnly = (st: object) => JSON.stringify(st).includes('"kms:EncryptionContext:purpose":"webhook-signing-secret"');
    const statementsOf = (id: string) => roleStatements(id).filter((st) => !webhookOnly(st));
    const actionsOf = (id: string) => statementsOf(id).flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]));
    for (const id of s.stack.functions.keys()) {
      const kms = statementsOf(id).filter((st) => JSON.stringify(st.Action).includes('kms:'));
      if (id === 'ConnectorSync' || id === 'ConnectorSyncSchedule') {
        expect(kms).toEqual([expect.objectContaining({ Action: 'kms:Decrypt', Resource: keyArn })]);
      } else if (id === 'ConsoleConnectorApi') {
        // The console's connector settings (their group; no other console function has a grant) seal a new token: GenerateDataKey only, under a connector
        // token's context (the organization id alone), never Decrypt: "Sync now" is queued instead.
        expect(kms).toEqual([
          expect.objectContaining({
            Action: 'kms:GenerateDataKey',
            Resource: keyArn,
            Condition: { 'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['organizationId'] }, Null: { 'kms:EncryptionContextKeys': 'false' } },
          }),
        ]);
        continue;
      } else {
        expect(kms).toEqual([]);
      }
      expect(actionsOf(id).filter((a) => /kms:(Encrypt|GenerateDataKey|ReEncrypt)/.test(a))).toEqual([]);
    }
    s.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ CONNECTOR_KMS_KEY_ID: keyArn }) },
    });
  });

  test('TicketDiagnosis reads every new ticket from the stream; Bedrock only when asked, on its model only', () => {
    // Through the stream dispatcher (one reader of the stream): its filter there, its own queue here.
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnLogicalId('StreamDispatcher') },
      FilterCriteria: { Filters: Match.arrayWith([{ Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['ticket'] } } } }) }]) },
    });
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnLogicalId('TicketDiagnosis') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      EventSourceArn: { 'Fn::GetAtt': [logicalId(s.stack, s.stack.streamDispatch?.workerQueues.get('TicketDiagnosis')?.queue.node.defaultChild), 'Arn'] },
    });
    expect(actionsOf('TicketDiagnosis')).not.toContain('bedrock:InvokeModel');
    const bedrock = synth({ diagnosis: 'bedrock', diagnosisModelId: 'amazon.nova-lite-v1:0' });
    const role = logicalId(bedrock.stack, bedrock.stack.functions.get('TicketDiagnosis')?.role.node.defaultChild);
    bedrock.template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: role }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'bedrock:InvokeModel', Resource: Match.objectLike({ 'Fn::Join': Match.anyValue() }) })]) },
    });
    expect(() => synth({ diagnosis: 'bedrock' })).toThrow('diagnosisModelId');
  });
});
