import { runAdminCommand } from '../../shared/admin/commands';
import { loadTicketConfig } from '../../shared/domain/ticket-config/ticket-config.repository';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

const run = (command: string, options: Parameters<typeof runAdminCommand>[1] = {}) => runAdminCommand(command.split(' '), options);

/** `rule remove|move` (issue 18): the service the console's Routing rules page uses, from the CLI. */
describe('operator CLI: rule remove / move', () => {
  let org: string;
  beforeAll(async () => {
    org = (await newOrg()).org.organizationId;
    for (const assign of ['a-team', 'b-team', 'c-team']) await run('rule add', { org, assign, when: ['priority=high'] });
  });
  const order = async () => (await loadTicketConfig(org)).rules.map((r) => [r.position, r.assignee]);

  it('moves a rule up or down and removes one; positions stay 1..n', async () => {
    const moved = (await run('rule move', { org, position: '3', direction: 'UP' })) as { rules: { assignee: string }[]; version: number };
    expect(moved.rules.map((r) => r.assignee)).toEqual(['a-team', 'c-team', 'b-team']);
    await run('rule move', { org, position: '1', direction: 'down' });
    expect(await order()).toEqual([[1, 'c-team'], [2, 'a-team'], [3, 'b-team']]);
    expect(await run('rule remove', { org, position: '2' })).toEqual(expect.objectContaining({ organizationId: org, rules: [expect.objectContaining({ position: 1, assignee: 'c-team' }), expect.objectContaining({ position: 2, assignee: 'b-team' })] }));
    expect(await order()).toEqual([[1, 'c-team'], [2, 'b-team']]);
  });

  it.each([
    ['rule move', { position: '1', direction: 'up' }, 'The first rule cannot move up'],
    ['rule move', { position: '2', direction: 'down' }, 'The last rule cannot move down'],
    ['rule move', { position: '1', direction: 'sideways' }, 'direction must be up or down'],
    ['rule move', { position: '1' }, 'Missing required option --direction'],
    ['rule remove', { position: '7' }, 'Routing rule not found'],
    ['rule remove', { position: 'x' }, 'Routing rule not found'],
    ['rule remove', {}, 'Missing required option --position'],
  ])('%s %j refuses: %s', async (command, options, message) => {
    await expect(run(command, { org, ...options })).rejects.toThrow(message);
    expect(await order()).toEqual([[1, 'c-team'], [2, 'b-team']]);
  });

  it('an unknown organization is a one-line error', async () => {
    await expect(run('rule remove', { org: '00000000-0000-4000-8000-000000000000', position: '1' })).rejects.toThrow('Organization not found');
  });
});
