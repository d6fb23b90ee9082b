import { runAdminCommand } from '../../shared/admin/commands';
import { authenticate, createOrganization, regenerateApiKey } from '../../shared/domain/organization/organization.service';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import * as keys from '../../shared/db/key-builders';
import { hashApiKey } from '../../shared/domain/organization/api-key';
import { useTestTable } from '../support/dynamo';

useTestTable();

describe('organizations and keys', () => {
  it('a key is long, random, prefixed, and stored only as its SHA-256 hash', async () => {
    const { organizationId, apiKey } = await createOrganization('Hash Co');
    expect(apiKey).toMatch(/^fdk_[A-Za-z0-9_-]{43}$/);
    const org = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.org(organizationId) }));
    expect(JSON.stringify(org.Item)).not.toContain(apiKey);
    expect(org.Item?.keyHash).toBe(hashApiKey(apiKey));
    const keyItem = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.apiKey(hashApiKey(apiKey)) }));
    expect(keyItem.Item).toMatchObject({ organizationId });
    expect(JSON.stringify(keyItem.Item)).not.toContain(apiKey);
  });

  it('regeneration revokes the old key at once; concurrent regenerations leave exactly one valid key', async () => {
    const { organizationId, apiKey } = await createOrganization('Rotate Co');
    const results = await Promise.all(Array.from({ length: 5 }, () => regenerateApiKey(organizationId)));
    await expect(authenticate(apiKey)).rejects.toThrow('Invalid API key');
    const valid = await Promise.all(results.map((r) => authenticate(r.apiKey).then(() => true, () => false)));
    expect(valid.filter(Boolean)).toHaveLength(1);
  });

  it('the operator commands', async () => {
    const created = (await runAdminCommand(['org', 'create'], { name: '  Acme  ' })) as { organizationId: string; apiKey: string };
    expect(created).toEqual({ organizationId: expect.any(String), apiKey: expect.stringMatching(/^fdk_/) });
    const list = (await runAdminCommand(['org', 'list'], {})) as { organizations: { organizationId: string; name: string }[] };
    expect(list.organizations).toContainEqual({ organizationId: created.organizationId, name: 'Acme' });
    const rotated = (await runAdminCommand(['key', 'regenerate'], { org: created.organizationId })) as { apiKey: string };
    expect(rotated).toEqual({ organizationId: created.organizationId, apiKey: expect.stringMatching(/^fdk_/) });
    await expect(authenticate(created.apiKey)).rejects.toThrow('Invalid API key');
    await expect(authenticate(rotated.apiKey)).resolves.toEqual({ organizationId: created.organizationId });
  });

  it.each([
    [['org', 'create'], {}, 'Missing required option --name'],
    [['org', 'create'], { name: '   ' }, 'Missing required option --name'],
    [['org', 'create'], { name: 'x'.repeat(201) }, 'Organization name must be at most 200 characters'],
    [['key', 'regenerate'], {}, 'Missing required option --org'],
    [['key', 'regenerate'], { org: 'nope' }, 'Organization not found: nope'],
    [['key', 'regenerate'], { org: '3f2b8c1e-1111-4222-8333-444455556666' }, 'Organization not found: 3f2b8c1e-1111-4222-8333-444455556666'],
    [['frobnicate'], {}, 'Unknown command "frobnicate"'],
  ])('%j %j fails with a clear message', async (positionals, options, message) => {
    await expect(runAdminCommand(positionals, options)).rejects.toThrow(message);
  });
});
