import * as keys from '../../shared/db/key-builders';
import { deriveKeyPartMaxBytes, KEY_PART_MAX_BYTES, stripKeys } from '../../shared/db/keys';
import { createTableInput, TABLE } from '../../shared/db/table';

describe('key builders', () => {
  it('the written-out key part budgets are what the builders give (a builder change that moves one fails here)', () => {
    expect(KEY_PART_MAX_BYTES).toEqual(deriveKeyPartMaxBytes());
  });

  const org = '11111111-2222-4333-8444-555555555555';

  it('scope every tenant item by organization', () => {
    expect(keys.device(org, 'SN-1').pk).toBe(`ORG#${org}#DEVICE#SN-1`);
    expect(keys.customer(org, 'c1')).toEqual({ pk: `ORG#${org}#CUSTOMER#c1`, sk: 'CUSTOMER' });
    expect(keys.customerEmail(org, 'a@b.co').pk).toBe(`ORG#${org}#EMAIL#a%40b.co`);
  });

  it('encode free-form parts so a "#" cannot forge or widen another key', () => {
    const tricky = keys.device(org, 'a#OWNER#x');
    expect(tricky.pk).toBe(`ORG#${org}#DEVICE#a%23OWNER%23x`);
    expect(tricky.pk).not.toBe(keys.device(org, 'a').pk);
    expect(keys.customerDevice(org, 'c1', 'x#y').sk).toBe('DEVICE#x%23y');
  });

  it('put both sides of an assignment in the partitions that are queried', () => {
    expect(keys.deviceOwner(org, 'SN-1', 'c1')).toEqual({ pk: keys.device(org, 'SN-1').pk, sk: 'OWNER#c1' });
    expect(keys.customerDevice(org, 'c1', 'SN-1')).toEqual({ pk: keys.customer(org, 'c1').pk, sk: 'DEVICE#SN-1' });
  });

  it('stripKeys removes storage attributes only', () => {
    expect(stripKeys({ pk: 'p', sk: 's', gsi1pk: 'g', gsi1sk: 'h', entity: 'e', name: 'n' })).toEqual({ name: 'n' });
  });

  it('the local/test table is generated from the same constants as the CDK table', () => {
    const input = createTableInput('t');
    expect(input.KeySchema.map((k) => k.AttributeName)).toEqual([TABLE.partitionKey, TABLE.sortKey]);
    expect(input.GlobalSecondaryIndexes[0]?.IndexName).toBe(TABLE.gsi1.indexName);
  });
});
