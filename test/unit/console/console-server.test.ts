import { inView, matchesFilters, parseFilters, type QueueTicket } from '../../../shared/domain/console/queue';
import { signSession, verifySession } from '../../../shared/domain/user/session';
import { groupsOf, roleOf } from '../../../shared/domain/user/user-auth';
import { QUEUE_VIEWS } from '../../../shared/domain/console/console.schema';

const t = (over: Partial<QueueTicket>): QueueTicket => ({ status: 'open', assignee: null, source: 'api', priority: 'medium', category: null, ...over });

describe('queue views', () => {
  const tickets = [
    t({}),
    t({ status: 'new' }),
    t({ assignee: 'me@example.com' }),
    t({ source: 'anomaly' }),
    t({ status: 'pending', assignee: 'me@example.com' }),
    t({ status: 'solved' }),
    t({ status: 'closed', assignee: 'me@example.com' }),
    t({ status: 'on_hold', assignee: 'other@example.com' }),
  ];
  const count = (view: (typeof QUEUE_VIEWS)[number]) => tickets.filter((x) => inView(view, x, 'Me@Example.com')).length;
  it('count each view against a reference reading of the statuses', () => {
    expect(count('unassigned')).toBe(3); // open, new, proactive
    expect(count('mine')).toBe(2); // assigned open + pending (not closed), case-insensitive email
    expect(count('proactive')).toBe(1);
    expect(count('open')).toBe(5); // everything not pending, solved or closed
    expect(count('pending')).toBe(1);
    expect(count('solved')).toBe(2);
  });
  it('filters: comma lists, `none` for unassigned and uncategorised', () => {
    const f = parseFilters({ status: 'open, new', assignee: 'none', category: '' });
    expect(f).toEqual({ status: ['open', 'new'], priority: undefined, category: undefined, assignee: ['none'], source: undefined });
    expect(tickets.filter((x) => matchesFilters(x, f))).toHaveLength(3);
    expect(matchesFilters(t({ category: null }), parseFilters({ category: 'none' }))).toBe(true);
    expect(matchesFilters(t({ category: 'Battery' }), parseFilters({ category: 'none' }))).toBe(false);
  });
});

describe('local console sessions', () => {
  const secret = 'x'.repeat(64);
  const claims = { o: 'org', u: 'user', iat: 1000, exp: 2000 };
  it('verifies its own token until it expires', () => {
    const token = signSession(secret, claims);
    expect(verifySession(secret, token, 1500)).toEqual(claims);
    expect(verifySession(secret, token, 2000)).toBeUndefined();
  });
  it('refuses another secret, a changed payload, an API key and garbage', () => {
    const token = signSession(secret, claims);
    expect(verifySession('y'.repeat(64), token, 1500)).toBeUndefined();
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...claims, o: 'other' })).toString('base64url')}.${mac}`;
    expect(verifySession(secret, forged, 1500)).toBeUndefined();
    for (const bad of ['fdk_abc', '', '.', 'a.b.c', `${token}x`]) expect(verifySession(secret, bad, 1500)).toBeUndefined();
  });
});

describe('Cognito claims', () => {
  it('reads groups in both encodings; admin wins; no group, no role', () => {
    expect(groupsOf(['agent'])).toEqual(['agent']);
    expect(groupsOf('[admin agent]')).toEqual(['admin', 'agent']);
    expect(groupsOf(undefined)).toEqual([]);
    expect(roleOf(['agent', 'admin'])).toBe('admin');
    expect(roleOf(['viewers'])).toBeUndefined();
  });
});
