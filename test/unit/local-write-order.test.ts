import { asBackgroundWork, createWriteOrder, SLACK_MS, writeClassOf, type WriteClass } from '../../shared/local/write-order';

/**
 * Issue 21, load test round 6: the local stack hands DynamoDB Local its writes earliest deadline
 * first (arrival + the class's slack), a few at a time. The clock is injected: no timing here.
 */

function harness(inFlight = 1) {
  let clock = 0;
  const order = createWriteOrder({ inFlight, now: () => clock });
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const send = (label: string, writeClass: WriteClass) =>
    order.acquire(writeClass).then((done) => {
      started.push(label);
      finish.set(label, done);
    });
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return {
    order,
    started,
    send,
    flush,
    at: (ms: number) => (clock = ms),
    /** DynamoDB Local answers `label`: its slot goes to the next write. */
    answer: async (label: string) => {
      finish.get(label)?.();
      await flush();
    },
  };
}

describe('local write order', () => {
  it('classifies writes by command and by who sends them; reads are not ordered', async () => {
    expect(writeClassOf('PutItemCommand')).toBe('request');
    expect(writeClassOf('UpdateItemCommand')).toBe('request');
    expect(writeClassOf('DeleteItemCommand')).toBe('request');
    expect(writeClassOf('TransactWriteItemsCommand')).toBe('request');
    expect(writeClassOf('BatchWriteItemCommand')).toBe('bulk');
    for (const read of ['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand', 'TransactGetItemsCommand']) expect(writeClassOf(read)).toBeUndefined();
    // Inside a worker or a schedule (and whatever it awaits), every write is background.
    await asBackgroundWork(async () => {
      await Promise.resolve();
      expect(writeClassOf('PutItemCommand')).toBe('background');
      expect(writeClassOf('BatchWriteItemCommand')).toBe('background');
      expect(writeClassOf('GetItemCommand')).toBeUndefined();
    });
    expect(writeClassOf('PutItemCommand')).toBe('request');
  });

  it('a request write waiting behind bulk and background writes goes first; equal deadlines keep their arrival order', async () => {
    const h = harness(1);
    await h.send('first', 'bulk');
    expect(h.started).toEqual(['first']);
    void h.send('bulk-1', 'bulk');
    void h.send('state', 'background');
    void h.send('bulk-2', 'bulk');
    h.at(10);
    void h.send('single-1', 'request');
    void h.send('single-2', 'request');
    await h.flush();
    expect(h.order.stats()).toEqual({ waiting: 5, active: 1 });
    for (const label of ['first', 'single-1', 'single-2', 'bulk-1', 'bulk-2']) await h.answer(label);
    expect(h.started).toEqual(['first', 'single-1', 'single-2', 'bulk-1', 'bulk-2', 'state']);
    await h.answer('state');
    expect(h.order.stats()).toEqual({ waiting: 0, active: 0 });
  });

  it('never holds a write back by more than its slack: an older bulk or background write beats a newer request write', async () => {
    const h = harness(1);
    await h.send('busy', 'request');
    void h.send('state', 'background'); // deadline 0 + 1,000
    void h.send('chunk', 'bulk'); // deadline 0 + 250
    h.at(SLACK_MS.bulk + 1);
    void h.send('late-single', 'request'); // deadline 251: after the chunk's
    await h.answer('busy');
    expect(h.started).toEqual(['busy', 'chunk']);
    h.at(SLACK_MS.background + 5);
    void h.send('later-single', 'request'); // deadline 1,005: after the state's 1,000
    await h.answer('chunk');
    await h.answer('late-single');
    await h.answer('state');
    expect(h.started).toEqual(['busy', 'chunk', 'late-single', 'state', 'later-single']);
  });

  it('keeps at most inFlight writes at DynamoDB Local, and a slot is freed once, whatever calls done twice', async () => {
    const h = harness(2);
    for (const label of ['a', 'b', 'c', 'd']) void h.send(label, 'request');
    await h.flush();
    expect(h.started).toEqual(['a', 'b']);
    expect(h.order.stats()).toEqual({ waiting: 2, active: 2 });
    await h.answer('a');
    await h.answer('a');
    expect(h.started).toEqual(['a', 'b', 'c']);
    expect(h.order.stats()).toEqual({ waiting: 1, active: 2 });
    await h.answer('b');
    await h.answer('c');
    await h.answer('d');
    expect(h.started).toEqual(['a', 'b', 'c', 'd']);
    expect(h.order.stats()).toEqual({ waiting: 0, active: 0 });
  });
});
