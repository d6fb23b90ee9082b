import type { Context } from 'aws-lambda';
import middy from '@middy/core';
import { addContext, appendKeys, injectLambdaContext, Logger, logLevelOf, setLogLevel } from '../../shared/logging/logger';

/** What the logger writes, per stream, while `fn` runs. */
function capture(fn: () => void | Promise<void>) {
  const out: string[] = [];
  const err: string[] = [];
  const o = jest.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => (out.push(String(c)), true));
  const e = jest.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => (err.push(String(c)), true));
  const done = () => {
    o.mockRestore();
    e.mockRestore();
    const parse = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    return { out: parse(out), err: parse(err), raw: [...out, ...err] };
  };
  const result = fn();
  return result instanceof Promise ? result.then(done, (error) => (done(), Promise.reject(error))) : Promise.resolve(done());
}

const context = (id: string) => ({ awsRequestId: id, functionName: 'Fn', memoryLimitInMB: '512', invokedFunctionArn: 'arn:aws:lambda:eu-west-1:1:function:Fn' }) as Context;

const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
});

describe('structured logger', () => {
  it('writes one JSON line with the Powertools keys; INFO to stdout, WARN and ERROR to stderr', async () => {
    const log = new Logger({ serviceName: 'svc' });
    setLogLevel(log, 'DEBUG');
    addContext(log, context('r1'));
    const { out, err, raw } = await capture(() => {
      log.debug('d', { a: 1 });
      log.info('i');
      log.warn('w');
      log.error('e');
    });
    expect(raw.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    expect(out.map((l) => l.level)).toEqual(['DEBUG', 'INFO']);
    expect(err.map((l) => l.level)).toEqual(['WARN', 'ERROR']);
    expect(out[0]).toEqual({
      level: 'DEBUG', message: 'd', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), service: 'svc', a: 1,
      cold_start: true, function_name: 'Fn', function_request_id: 'r1', function_memory_size: 512, function_arn: 'arn:aws:lambda:eu-west-1:1:function:Fn',
    });
  });

  it('drops lines below its level; SILENT writes nothing; an unknown level keeps the current one', async () => {
    const log = new Logger();
    setLogLevel(log, 'WARN');
    setLogLevel(log, 'LOUD');
    expect(logLevelOf(log)).toBe('WARN');
    const a = await capture(() => {
      log.info('no');
      log.warn('yes');
    });
    expect([...a.out, ...a.err].map((l) => l.message)).toEqual(['yes']);
    setLogLevel(log, 'silent');
    const b = await capture(() => log.error('no'));
    expect(b.raw).toEqual([]);
  });

  it('takes its level from AWS_LAMBDA_LOG_LEVEL first, then POWERTOOLS_LOG_LEVEL, then LOG_LEVEL', () => {
    delete process.env.AWS_LAMBDA_LOG_LEVEL;
    delete process.env.POWERTOOLS_LOG_LEVEL;
    process.env.LOG_LEVEL = 'ERROR';
    expect(logLevelOf(new Logger())).toBe('ERROR');
    process.env.POWERTOOLS_LOG_LEVEL = 'WARN';
    expect(logLevelOf(new Logger())).toBe('WARN');
    process.env.AWS_LAMBDA_LOG_LEVEL = 'TRACE';
    expect(logLevelOf(new Logger())).toBe('DEBUG');
    delete process.env.AWS_LAMBDA_LOG_LEVEL;
    delete process.env.POWERTOOLS_LOG_LEVEL;
    delete process.env.LOG_LEVEL;
    expect(logLevelOf(new Logger())).toBe('INFO');
    process.env.AWS_LAMBDA_LOG_LEVEL = 'FATAL';
    expect(logLevelOf(new Logger())).toBe('ERROR');
  });

  it('serialises an error with its cause, a string as `extra`, and survives cycles and bigints', async () => {
    const log = new Logger();
    setLogLevel(log, 'INFO');
    const cyclic: Record<string, unknown> = { n: 10n };
    cyclic.self = cyclic;
    const { err } = await capture(() => {
      log.error('boom', new Error('outer', { cause: new TypeError('inner') }));
      log.error('text', 'plain words');
      log.error('odd', { cyclic });
    });
    expect(err[0].error).toEqual({ name: 'Error', message: 'outer', location: expect.stringContaining('logger.test.ts'), stack: expect.stringContaining('outer'), cause: expect.objectContaining({ name: 'TypeError', message: 'inner' }) });
    expect(err[1].extra).toBe('plain words');
    expect(err[2].cyclic).toEqual({ n: '10', self: '[Circular]' });
  });

  it('the middleware puts the invocation on every line and drops appended keys after it, even when it fails', async () => {
    const log = new Logger();
    setLogLevel(log, 'INFO');
    const ok = middy(async () => {
      appendKeys(log, { organizationId: 'o1' });
      log.info('inside');
    }).use(injectLambdaContext(log, { resetKeys: true }));
    const failing = middy(async () => {
      appendKeys(log, { organizationId: 'o2' });
      throw new Error('x');
    }).use(injectLambdaContext(log, { resetKeys: true }));
    const { out } = await capture(async () => {
      await ok({}, context('a'));
      log.info('between');
      await failing({}, context('b')).catch(() => undefined);
      log.info('after');
    });
    expect(out).toEqual([
      expect.objectContaining({ message: 'inside', organizationId: 'o1', function_request_id: 'a', cold_start: true }),
      expect.not.objectContaining({ organizationId: expect.anything() }),
      expect.not.objectContaining({ organizationId: expect.anything() }),
    ]);
    expect(out[2]).toMatchObject({ function_request_id: 'b', cold_start: false });
  });
});
