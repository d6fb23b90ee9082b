import { addCategory, listCategories, updateCategory } from '../../shared/domain/ticket-config/ticket-config.service';
import { changeExamples, getExampleCounts } from '../../shared/domain/ticket/classifier/classifier-model.repository';
import { CreateTicketBody } from '../../shared/domain/ticket/ticket.schema';
import { createTicket, getTicket } from '../../shared/domain/ticket/ticket.service';
import { setTicketCategory } from '../../shared/domain/ticket/ticket-category.service';
import type { OrgContext } from '../../shared/domain/organization/organization.schema';
import { countDynamoRequests, useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

useTestTable();

/** Categories an operator would type; none of them mentions the "dial dashes" symptom used below. */
async function setUpCategories(org: OrgContext) {
  await addCategory(org.organizationId, { name: 'Connectivity', description: 'wifi, bluetooth, pairing, device offline' });
  await addCategory(org.organizationId, { name: 'Power', description: 'battery, charging, device does not turn on' });
  await addCategory(org.organizationId, { name: 'Firmware', description: 'firmware updates, software versions, bugs after an update' });
}

const body = (title: string, content: string, category?: string) =>
  CreateTicketBody.parse({ title, customerEmail: 'learner@example.com', messages: [{ role: 'customer', content }], ...(category ? { category } : {}) });

const paraphrase = body('Dial shows dashes', 'The dial just shows three dashes since this morning.');

describe('classifier model item (DynamoDB Local)', () => {
  it('concurrent example updates lose no count (atomic ADD)', async () => {
    const { org } = await newOrg();
    await Promise.all(Array.from({ length: 20 }, () => changeExamples(org.organizationId, [{ category: 'power', features: ['batter', '@power'], delta: 1 }])));
    const counts = await getExampleCounts(org.organizationId);
    expect(counts.get('power')?.examples).toBe(20);
    expect(counts.get('power')?.features.get('batter')).toBe(20);
    expect(counts.get('power')?.features.get('@power')).toBe(20);
  });

  it('a ticket created with a category teaches its org, and the paraphrase is then categorised', async () => {
    const { org } = await newOrg();
    await setUpCategories(org);
    const before = await getTicket(org, (await createTicket(org, paraphrase)).ticketId);
    expect(before).toMatchObject({ category: null, categorySource: 'none' });
    expect(before.categoryConfidence).toEqual(expect.any(Number));

    await createTicket(org, body('Dashes on the dial', 'The dial shows dashes instead of the room value.', 'firmware'));
    await createTicket(org, body('Only dashes', 'Three dashes on the dial all day.', 'Firmware'));
    const after = await getTicket(org, (await createTicket(org, paraphrase)).ticketId);
    expect(after).toMatchObject({ category: 'Firmware', categorySource: 'auto' });
    expect(after.categoryConfidence).toBeGreaterThanOrEqual(0.7);
  });

  it("another organization's examples never influence this one's answers", async () => {
    const teacher = (await newOrg('Teacher')).org;
    const other = (await newOrg('Other')).org;
    await setUpCategories(teacher);
    await setUpCategories(other);
    for (const [title, text] of [
      ['Dashes on the dial', 'The dial shows dashes instead of the room value.'],
      ['Only dashes', 'Three dashes on the dial all day.'],
    ]) {
      await createTicket(teacher, body(title as string, text as string, 'Firmware'));
    }
    expect((await getExampleCounts(other.organizationId)).size).toBe(0);
    const theirs = await getTicket(other, (await createTicket(other, paraphrase)).ticketId);
    expect(theirs).toMatchObject({ category: null, categorySource: 'none' });
  });

  it('an agent label teaches; re-labelling moves the example instead of counting it twice', async () => {
    const { org } = await newOrg();
    await setUpCategories(org);
    const { ticketId } = await createTicket(org, body('Dashes on the dial', 'The dial shows dashes instead of the room value.'));
    const labelled = await setTicketCategory(org, ticketId, { category: 'power' });
    expect(labelled).toMatchObject({ ticketId, category: 'Power', categorySource: 'agent', categoryConfidence: null });
    expect((await getExampleCounts(org.organizationId)).get('power')?.examples).toBe(1);

    await setTicketCategory(org, ticketId, { category: 'Firmware' });
    const counts = await getExampleCounts(org.organizationId);
    expect(counts.get('power')).toBeUndefined();
    expect(counts.get('firmware')?.examples).toBe(1);
    expect(await getTicket(org, ticketId)).toMatchObject({ category: 'Firmware', categorySource: 'agent' });
  });

  it('classification reads one model item, never the tickets', async () => {
    const { org } = await newOrg();
    await setUpCategories(org);
    await createTicket(org, body('Dashes on the dial', 'The dial shows dashes.', 'Firmware'));
    const { byCommand } = await countDynamoRequests(() => createTicket(org, paraphrase));
    expect(Object.keys(byCommand).filter((c) => /Scan/.test(c))).toEqual([]);
    // Customer lookup by email, the model item; config comes from one Query.
    const gets = Object.entries(byCommand).filter(([c]) => /^Get/.test(c)).reduce((n, [, k]) => n + k, 0);
    expect(gets).toBeGreaterThanOrEqual(1);
    expect(gets).toBeLessThanOrEqual(2);
  });
});

describe('category keywords (operator CLI services)', () => {
  it('keywords are stored, listed, updated, and steer the classifier', async () => {
    const { org } = await newOrg();
    await setUpCategories(org);
    await addCategory(org.organizationId, { name: 'Noise', description: 'sounds', keywords: 'buzzing, humming, clicking, buzzing' });
    const listed = await listCategories(org.organizationId);
    expect(listed.categories.find((c) => c.name === 'Noise')).toEqual({ name: 'Noise', description: 'sounds', keywords: ['buzzing', 'humming', 'clicking'] });

    // A word no vocabulary knows: only the category's own keyword can link it to Noise.
    const ticket = body('Loud zorbling', 'It makes a high zorbling at night.');
    expect((await getTicket(org, (await createTicket(org, ticket)).ticketId)).category).toBeNull();
    expect(await updateCategory(org.organizationId, { name: 'noise', keywords: 'zorbling, buzzing' })).toEqual({
      organizationId: org.organizationId,
      category: { name: 'Noise', description: 'sounds', keywords: ['zorbling', 'buzzing'] },
    });
    expect((await getTicket(org, (await createTicket(org, ticket)).ticketId)).category).toBe('Noise');
    await expect(updateCategory(org.organizationId, { name: 'Nope', keywords: 'x' })).rejects.toThrow('Unknown category "Nope"');
    await expect(updateCategory(org.organizationId, { name: 'Noise' })).rejects.toThrow('Nothing to update');
  });
});
