import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as repo from '../../shared/domain/anomaly/anomaly.repository';
import { documentClient, tableName } from '../../shared/db/client';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';

/**
 * The dropout sweep moves the watch entry of a device that is not overdue after all to a later due
 * time (repo.refreshWatch), unless another writer moved or removed it since the sweep read it. Round 14
 * (bundle bytes) writes it with a conditional Put of the whole entry instead of an UpdateItem of
 * `gsi1sk`: the stored entry, the index and the condition must stay exactly what they were.
 */
useTestTable();

const MIN = 60_000;
const T1 = Date.UTC(2026, 10, 25, 12, 0);
const T2 = T1 + 30 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

async function storedWatch(organizationId: string, identifier: string) {
  const { pk } = repo.watchWrite(organizationId, identifier, T1).Put?.Item as { pk: string };
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: { pk, sk: 'WATCH' }, ConsistentRead: true }));
  return out.Item;
}

test('a watch entry moved later is the entry watchWrite writes at the new due time, found by the due query from then on', async () => {
  const { org } = await newOrg();
  const id = 'WATCH/1';
  await repo.commit([repo.watchWrite(org.organizationId, id, T1)]);
  await repo.refreshWatch(org.organizationId, id, iso(T1), T2);

  expect(await storedWatch(org.organizationId, id)).toEqual(repo.watchWrite(org.organizationId, id, T2).Put?.Item);
  expect((await repo.loadDetectorInput(org.organizationId, id)).watchDue).toBe(T2);
  expect(await repo.dueWatches(org.organizationId, iso(T2 - 1))).toEqual([]);
  expect(await repo.dueWatches(org.organizationId, iso(T2))).toEqual([{ identifier: id, due: iso(T2) }]);
});

test('an entry moved or removed since the sweep read it is left as the other writer left it, without an error', async () => {
  const { org } = await newOrg();
  // Moved by the detector (an earlier due time) after the sweep read T1.
  await repo.commit([repo.watchWrite(org.organizationId, 'MOVED', T1 - 10 * MIN)]);
  await expect(repo.refreshWatch(org.organizationId, 'MOVED', iso(T1), T2)).resolves.toBeUndefined();
  expect((await storedWatch(org.organizationId, 'MOVED'))?.gsi1sk).toBe(iso(T1 - 10 * MIN));

  // Removed (the device went silent and its dropout was committed) after the sweep read T1: not written again.
  await repo.commit([repo.watchWrite(org.organizationId, 'GONE', T1)]);
  await repo.commit([repo.watchWrite(org.organizationId, 'GONE', null), repo.watchWrite(org.organizationId, 'OTHER', T1)]);
  await expect(repo.refreshWatch(org.organizationId, 'GONE', iso(T1), T2)).resolves.toBeUndefined();
  expect(await storedWatch(org.organizationId, 'GONE')).toBeUndefined();
  expect((await repo.dueWatches(org.organizationId, iso(T2))).map((w) => w.identifier).sort()).toEqual(['MOVED', 'OTHER']);
});
