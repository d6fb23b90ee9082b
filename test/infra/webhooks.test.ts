import { Match } from 'aws-cdk-lib/assertions';
import { logicalId, resourcesOf, synth } from './synth';

/** Outgoing webhooks in the stack (issue 19): fan-out worker, delivery queue with its DLQ and alarms, sweep. */
describe('webhook infrastructure', () => {
  const s = synth();
  const fnLogicalId = (id: string) => logicalId(s.stack, s.stack.functions.get(id)?.fn.node.defaultChild);
  const roleStatements = (id: string) => {
    const roleId = logicalId(s.stack, s.stack.functions.get(id)?.role.node.defaultChild);
    return Object.values(resourcesOf(s.template, 'AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties?.Roles).includes(roleId))
      .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
  };
  const actionsOf = (id: string) => roleStatements(id).flatMap((st) => (Array.isArray(st.Action) ? st.Action : [st.Action]));
  const work = s.stack.workQueues.get('WebhookDelivery');
  const queueArn = { 'Fn::GetAtt': [logicalId(s.stack, work?.queue.node.defaultChild), 'Arn'] };

  test('the delivery queue: SSE, TLS only, a DLQ after 5 receives, one attempt per message with partial batch responses', () => {
    expect(work).toBeDefined();
    s.template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(s.stack, work?.deadLetterQueue.queue.node.defaultChild), 'Arn'] }, maxReceiveCount: 5 },
    });
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnLogicalId('WebhookDelivery') },
      EventSourceArn: queueArn,
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    s.template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: Match.absent(), Timeout: 30, Environment: { Variables: Match.objectLike({ WEBHOOK_DELIVERY_QUEUE_URL: Match.anyValue() }) } });
  });

  test('alarms: the DLQ depth, a backlog older than 30 minutes, and the functions throwing', () => {
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('WebhookDelivery failed every receive'),
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      AlarmActions: Match.anyValue(),
    });
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('WebhookDelivery have waited over 30 minutes'),
      MetricName: 'ApproximateAgeOfOldestMessage',
      Threshold: 1800,
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(s.stack, work?.queue.node.defaultChild), 'QueueName'] } }],
    });
    for (const id of ['WebhookDelivery', 'WebhookFanOut', 'WebhookSweep']) {
      s.template.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmDescription: `Function ${id} threw (an unhandled error, timeout or crash)` });
    }
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmDescription: Match.stringLikeRegexp('Stream records for WebhookFanOut failed every receive') });
  });

  test('the fan-out gets only new ticket events and webhook outbox items, through the stream dispatcher, from its own queue with a DLQ', () => {
    // The one stream reader (issue 22 #4) is told the fan-out's filter and queue.
    const dispatcherEnv = JSON.stringify(resourcesOf(s.template, 'AWS::Lambda::Function')[fnLogicalId('StreamDispatcher')]?.Properties);
    expect(dispatcherEnv).toMatch(/WebhookFanOut/);
    expect(dispatcherEnv).toMatch(/ticketEvent.*webhookEvent/);
    // The fan-out itself reads its queue (partial batch failures), never the stream.
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnLogicalId('WebhookFanOut') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('WebhookFanOutQueue'), 'Arn'] },
    });
  });

  test('only the functions that queue attempts may send to the queue, and they know its URL', () => {
    const senders = [...s.stack.functions.keys()].filter((id) =>
      roleStatements(id).some((st) => JSON.stringify(st.Action).includes('sqs:SendMessage') && JSON.stringify(st.Resource) === JSON.stringify(queueArn)),
    );
    // The webhook endpoints API is one function (a route group): it queues test events and redeliveries;
    // so does the console's webhooks group (Settings > Integrations > Webhooks).
    expect(senders.sort()).toEqual(['ConsoleWebhooksApi', 'WebhookDelivery', 'WebhookFanOut', 'WebhookSweep', 'WebhooksApi']);
    for (const id of senders) expect(actionsOf(id)).toContain('sqs:SendMessage');
  });

  test('signing secrets: the endpoints API may only seal them, the delivery worker only open them, both only under the webhook context', () => {
    const keyArn = { 'Fn::GetAtt': [logicalId(s.stack, s.stack.connectorTokenKey?.node.defaultChild), 'Arn'] };
    const context = { StringEquals: { 'kms:EncryptionContext:purpose': 'webhook-signing-secret' } };
    const kmsOf = (id: string) => roleStatements(id).filter((st) => JSON.stringify(st.Action).includes('kms:'));
    expect(kmsOf('WebhooksApi')).toEqual([expect.objectContaining({ Action: 'kms:GenerateDataKey', Resource: keyArn, Condition: context })]);
    expect(kmsOf('WebhookDelivery')).toEqual([expect.objectContaining({ Action: 'kms:Decrypt', Resource: keyArn, Condition: context })]);
    for (const id of ['WebhookFanOut', 'WebhookSweep']) expect(kmsOf(id)).toEqual([]);
    s.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ WEBHOOK_KMS_KEY_ID: keyArn, WEBHOOK_DELIVERY_QUEUE_URL: Match.anyValue() }) },
    });
    const env = (id: string) => JSON.stringify(resourcesOf(s.template, 'AWS::Lambda::Function')[fnLogicalId(id)]?.Properties);
    expect(env('WebhooksApi')).toContain('WEBHOOK_KMS_KEY_ID');
    expect(env('WebhookDelivery')).toContain('WEBHOOK_KMS_KEY_ID');
    expect(env('WebhookFanOut')).not.toContain('WEBHOOK_KMS_KEY_ID');
    // A key kept from an earlier deployment (-c connectorKeyArn) is the one granted.
    const arn = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
    synth({ connectorKeyArn: arn }).template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'kms:Decrypt', Resource: arn, Condition: context })]) },
    });
  });

  test('the sweep runs every minute; the routes use PATCH where the API says so', () => {
    s.template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: Match.arrayWith([Match.objectLike({ Arn: { 'Fn::GetAtt': [fnLogicalId('WebhookSweep'), 'Arn'] } })]),
    });
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'PATCH /api/ext-v1/webhooks/{webhookId}' });
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/ext-v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver' });
  });
});
