import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { FleetFunction } from '../../lib/constructs/fleet-function';
import { FleetTable } from '../../lib/constructs/fleet-table';
import { DeadLetterQueue } from '../../lib/constructs/dead-letter-queue';
import { FAST_SYNTH_CONTEXT } from './synth';

describe('FleetFunction', () => {
  const app = new App({ context: { ...FAST_SYNTH_CONTEXT } });
  const stack = new Stack(app, 'Fn');
  const table = new FleetTable(stack, 'Data').table;
  const failures = new DeadLetterQueue(stack, 'AsyncFailures');
  new FleetFunction(stack, 'Async', {
    entry: 'functions/http/device/get-device.ts',
    table: { table, access: 'read' },
    logRetention: RetentionDays.ONE_WEEK,
    asyncFailureQueue: failures.queue,
    sourceMaps: true,
  });
  const template = Template.fromStack(stack);

  test('asynchronous invocations that exhaust retries go to the on-failure queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [stack.getLogicalId(failures.queue.node.defaultChild as never), 'Arn'] } } },
    });
  });

  test('source maps, when asked for, are enabled at runtime too', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { NODE_OPTIONS: '--enable-source-maps' } },
    });
  });
});
