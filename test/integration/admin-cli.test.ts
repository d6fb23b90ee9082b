import { runAdminCommand, ADMIN_USAGE } from '../../shared/admin/commands';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

const run = (command: string, options: Parameters<typeof runAdminCommand>[1] = {}) => runAdminCommand(command.split(' '), options);

describe('operator CLI: categories, rules, chat webhook', () => {
  let org: string;
  beforeAll(async () => {
    org = (await newOrg()).org.organizationId;
  });

  it('category add / list; names unique case-insensitively', async () => {
    expect(await run('category add', { org, name: ' Battery ', description: 'charging and power' })).toEqual({
      organizationId: org,
      category: { name: 'Battery', description: 'charging and power' },
    });
    await run('category add', { org, name: 'Connectivity' });
    await expect(run('category add', { org, name: 'BATTERY' })).rejects.toThrow('Category "BATTERY" already exists (names are case-insensitive)');
    expect(await run('category list', { org })).toEqual({
      organizationId: org,
      categories: [
        { name: 'Battery', description: 'charging and power' },
        { name: 'Connectivity', description: null },
      ],
    });
  });

  it('concurrent adds of one name leave one category', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => run('category add', { org, name: 'Billing' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const { categories } = (await run('category list', { org })) as { categories: { name: string }[] };
    expect(categories.filter((c) => c.name === 'Billing')).toHaveLength(1);
  });

  it('rule add / list in order, with normalised conditions', async () => {
    expect(await run('rule add', { org, assign: 'power-team', when: ['category=battery', 'priority=URGENT'] })).toEqual({
      organizationId: org,
      rule: { position: 1, assignee: 'power-team', conditions: [{ field: 'category', value: 'Battery' }, { field: 'priority', value: 'urgent' }] },
    });
    await run('rule add', { org, assign: 'net-team', when: ['contains=wifi = router'] });
    const { rules } = (await run('rule list', { org })) as { rules: { position: number; assignee: string; conditions: unknown[] }[] };
    expect(rules.map((r) => [r.position, r.assignee])).toEqual([[1, 'power-team'], [2, 'net-team']]);
    expect(rules[1]?.conditions).toEqual([{ field: 'contains', value: 'wifi = router' }]);
  });

  it.each([
    [{ assign: 'x' }, 'At least one --when <field>=<value> is required'],
    [{ assign: 'x', when: ['a=1', 'b=2', 'c=3', 'd=4'] }, 'At most 3 --when conditions per rule'],
    [{ assign: 'x', when: ['team=a'] }, 'Invalid --when "team=a": field must be one of: category, priority, contains (form field=value)'],
    [{ assign: 'x', when: ['contains='] }, 'Invalid --when "contains=": value is required (form field=value)'],
    [{ assign: 'x', when: ['priority=asap'] }, 'Invalid --when "priority=asap": priority must be one of: low, medium, high, urgent'],
    [{ assign: 'x', when: ['category=Shipping'] }, 'Unknown category "Shipping"'],
    [{ when: ['priority=low'] }, 'Missing required option --assign'],
  ])('rule add rejects bad input %#', async (options, message) => {
    await expect(run('rule add', { org, ...options })).rejects.toThrow(message);
  });

  it('org set-chat-webhook validates the URL and does not echo its secret path', async () => {
    expect(await run('org set-chat-webhook', { org, url: 'https://hooks.slack.com/services/T0/B0/secret' })).toEqual({
      organizationId: org,
      chatWebhook: 'https://hooks.slack.com/…',
      updated: true,
    });
    expect(await run('org set-chat-webhook', { org, url: 'http://127.0.0.1:9999/hook' })).toMatchObject({ updated: true });
    for (const [url, message] of [
      ['http://hooks.slack.com/services/x', 'Webhook URL must use https'],
      ['ftp://example.com/x', 'Webhook URL must use https'],
      ['not a url', 'Invalid webhook URL: not a url'],
      ['https://user:pw@example.com/x', 'Webhook URL must not contain credentials'],
    ]) {
      await expect(run('org set-chat-webhook', { org, url })).rejects.toThrow(message);
    }
  });

  it('unknown organizations and missing options are one-line errors', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const command of ['category list', 'rule list']) {
      await expect(run(command, { org: unknown })).rejects.toThrow(`Organization not found: ${unknown}`);
    }
    await expect(run('category add', { org: 'nope', name: 'x' })).rejects.toThrow('Organization not found: nope');
    await expect(run('org set-chat-webhook', { org: unknown, url: 'https://example.com/h' })).rejects.toThrow('Organization not found');
    await expect(run('category add', { org })).rejects.toThrow('Missing required option --name');
    await expect(run('category add', { org, name: 'x'.repeat(101) })).rejects.toThrow('Category name must be at most 100 characters');
    await expect(run('category frobnicate', { org })).rejects.toThrow(ADMIN_USAGE);
  });
});
