import { Match } from 'aws-cdk-lib/assertions';
import { schedules, workers } from '../../shared/routes';
import { logicalId, resourcesOf, synth, type Synth } from './synth';

let s: Synth;
beforeAll(() => {
  s = synth({ alarmEmail: 'ops@example.com' });
});

const fnId = (id: string) => logicalId(s.stack, s.stack.functions.get(id)?.fn.node.defaultChild);
const queueId = (id: string) => logicalId(s.stack, s.stack.deadLetterQueues.get(id)?.queue.node.defaultChild);

test('the route table declares the detector worker and the dropout sweep', () => {
  expect(workers.find((w) => w.id === 'AnomalyDetector')?.filter).toEqual({ eventName: 'INSERT', newImage: { entity: 'telemetry', source: ['rest', 'mqtt', 'crash'] } });
  expect(schedules.map((x) => x.id)).toContain('DropoutSweep');
});

test('the detector gets live telemetry from the stream dispatcher: its filter on the dispatcher\'s stream source, its own queue with partial failures and a DLQ', () => {
  const dispatcher = logicalId(s.stack, s.stack.functions.get('StreamDispatcher')?.fn.node.defaultChild);
  s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
    FunctionName: { Ref: dispatcher },
    StartingPosition: 'LATEST',
    FilterCriteria: {
      Filters: Match.arrayWith([{ Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['telemetry'] }, source: { S: ['rest', 'mqtt', 'crash'] } } } }) }]),
    },
  });
  const q = s.stack.streamDispatch?.workerQueues.get('AnomalyDetector');
  s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
    FunctionName: { Ref: fnId('AnomalyDetector') },
    EventSourceArn: { 'Fn::GetAtt': [logicalId(s.stack, q?.queue.node.defaultChild), 'Arn'] },
    FunctionResponseTypes: ['ReportBatchItemFailures'],
  });
  s.template.hasResourceProperties('AWS::SQS::Queue', { RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [queueId('AnomalyDetector'), 'Arn'] }, maxReceiveCount: 5 } });
});

test('the detector and the sweep create tickets as createTicket does: outbox by stream', () => {
  for (const id of ['AnomalyDetector', 'DropoutSweep']) {
    const props = resourcesOf(s.template, 'AWS::Lambda::Function')[fnId(id)]?.Properties as { Environment: { Variables: Record<string, unknown> } };
    expect(props.Environment.Variables).toMatchObject({ CHAT_DELIVERY: 'stream' });
  }
});

test('the sweep runs on an EventBridge schedule with retries and a dead-letter queue', () => {
  s.template.hasResourceProperties('AWS::Events::Rule', {
    ScheduleExpression: 'rate(5 minutes)',
    State: 'ENABLED',
    Targets: [
      Match.objectLike({
        Arn: { 'Fn::GetAtt': [fnId('DropoutSweep'), 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId('DropoutSweep'), 'Arn'] } },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
      }),
    ],
  });
});

test.each(['AnomalyDetectorDlqDepth', 'AnomalyDetectorErrors', 'DropoutSweepDlqDepth', 'DropoutSweepErrors'])('alarm %s exists', (name) => {
  const alarms = Object.keys(resourcesOf(s.template, 'AWS::CloudWatch::Alarm'));
  expect(alarms.some((id) => id.includes(name))).toBe(true);
});
