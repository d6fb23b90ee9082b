import { addThresholdRule, listThresholdRules } from '../../shared/domain/anomaly/anomaly.service';
import { addCategory, addRule, listCategories, listRules } from '../../shared/domain/ticket-config/ticket-config.service';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/** Runs `count` adds side by side and returns how many succeeded and the distinct error texts. */
async function concurrently(count: number, add: (i: number) => Promise<unknown>) {
  const results = await Promise.allSettled(Array.from({ length: count }, (_, i) => add(i)));
  const errors = new Set(results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : [])));
  return { ok: results.filter((r) => r.status === 'fulfilled').length, errors: [...errors] };
}

/** The README's per-organization limits hold, also when the adds that cross them race. */
describe('per-organization limits', () => {
  it('at most 100 categories', async () => {
    const { org } = await newOrg('Category limit');
    for (let i = 0; i < 90; i += 1) await addCategory(org.organizationId, { name: `Category ${i}`, description: 'limit test' });
    const race = await concurrently(20, (i) => addCategory(org.organizationId, { name: `Racing ${i}`, description: 'limit test' }));
    expect(race.ok).toBe(10);
    expect(race.errors).toEqual(['Too many categories. Maximum 100 per organization']);
    expect((await listCategories(org.organizationId)).categories).toHaveLength(100);
  });

  it('at most 50 routing rules', async () => {
    const { org } = await newOrg('Routing rule limit');
    for (let i = 0; i < 45; i += 1) await addRule(org.organizationId, `agent-${i}`, [`priority=high`]);
    const race = await concurrently(10, (i) => addRule(org.organizationId, `racer-${i}`, ['priority=low']));
    expect(race.ok).toBe(5);
    expect(race.errors).toEqual(['Too many routing rules. Maximum 50 per organization']);
    expect((await listRules(org.organizationId)).rules).toHaveLength(50);
  });

  it('at most 50 monitor rules', async () => {
    const { org } = await newOrg('Monitor rule limit');
    for (let i = 0; i < 45; i += 1) await addThresholdRule(org.organizationId, { measurement: `m_${i}`, above: '10' });
    const race = await concurrently(10, (i) => addThresholdRule(org.organizationId, { measurement: `race_${i}`, below: '1' }));
    expect(race.ok).toBe(5);
    expect(race.errors).toEqual(['An organization has at most 50 monitor rules']);
    expect((await listThresholdRules(org.organizationId)).rules).toHaveLength(50);
  });
});
