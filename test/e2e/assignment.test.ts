import { useTestTable } from '../support/dynamo';
import { useLocalApi } from '../support/api';
import { newOrg } from '../support/orgs';

useTestTable();
const api = useLocalApi();

const A = '/deviceAssignment';
const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);

/** Creates devices through the public API. */
async function devices(key: string, ...identifiers: string[]) {
  const ids: Record<string, string> = {};
  for (const identifier of identifiers) {
    const res = await api.post('/device', key, { identifier, type: 'sensor' });
    ids[identifier] = res.body.deviceId as string;
  }
  return ids;
}

/** The state an assignment call may change, for "nothing changed" assertions. */
async function snapshot(key: string, emails: string[], identifiers: string[]) {
  const customers = await Promise.all(emails.map((email) => api.post('/customer/queryCustomer', key, { email })));
  const devs = await Promise.all(identifiers.map((id) => api.get(`/device/${encodeURIComponent(id)}`, key)));
  return { customers: customers.map((r) => [r.status, r.body]), devices: devs.map((r) => [r.status, r.body]) };
}

const ownersOf = async (key: string, identifier: string) =>
  ((await api.get(`/device/${encodeURIComponent(identifier)}`, key)).body.owners as { email: string }[]).map((o) => o.email).sort();
const devicesOf = async (key: string, email: string) =>
  ((await api.post('/customer/queryCustomer', key, { email })).body.devices as string[]).slice().sort();

describe('POST /deviceAssignment/assignDeviceToOwners (spec 4.6)', () => {
  let key: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
    ids = await devices(key, 'D-1', 'D-2');
    await api.post('/customer/createOrUpdateCustomer', key, { email: 'Existing@Example.com', name: 'Existing One' });
  });

  it('assigns a device to existing and new customers; trims, lowercases, skips invalid and duplicate emails', async () => {
    const res = await api.post(`${A}/assignDeviceToOwners`, key, {
      deviceIdentifier: 'D-1',
      customerEmails: ['  existing@example.COM ', 'New.Person@Example.com', 'not-an-email', 42, null, 'new.person@example.com', ''],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Successfully assigned device to 2 customer(s)',
      deviceId: ids['D-1'],
      deviceWasCreated: false,
      assignedCustomers: [
        { email: 'existing@example.com', customerId: uuid, wasCreated: false },
        { email: 'new.person@example.com', customerId: uuid, wasCreated: true },
      ],
    });
    const created = await api.post('/customer/queryCustomer', key, { email: 'NEW.PERSON@example.com' });
    expect(created.body).toMatchObject({ name: 'new.person', email: 'new.person@example.com', devices: ['D-1'] });
    expect((await api.post('/customer/queryCustomer', key, { email: 'existing@example.com' })).body).toMatchObject({ name: 'Existing One', devices: ['D-1'] });
    const read = await api.get('/device/D-1', key);
    expect(read.body.owners).toEqual(
      expect.arrayContaining([
        { customerId: (res.body.assignedCustomers as { customerId: string }[])[0]?.customerId, email: 'Existing@Example.com' },
        { customerId: (res.body.assignedCustomers as { customerId: string }[])[1]?.customerId, email: 'new.person@example.com' },
      ]),
    );
    expect(read.body.owners).toHaveLength(2);
  });

  it('re-assigning an assigned pair creates no duplicate', async () => {
    const again = await api.post(`${A}/assignDeviceToOwners`, key, { deviceIdentifier: 'D-1', customerEmails: ['existing@example.com'] });
    expect(again.body).toMatchObject({ message: 'Successfully assigned device to 1 customer(s)', deviceWasCreated: false });
    expect(await ownersOf(key, 'D-1')).toEqual(['Existing@Example.com', 'new.person@example.com']);
    expect(await devicesOf(key, 'existing@example.com')).toEqual(['D-1']);
  });

  it('auto-creates a missing device with deviceType, trimming the identifier', async () => {
    const res = await api.post(`${A}/assignDeviceToOwners`, key, {
      deviceIdentifier: '  AUTO-1 ',
      customerEmails: ['auto@example.com'],
      autoCreateDevice: true,
      deviceType: 'gateway',
    });
    expect(res.body).toEqual({
      success: true,
      message: 'Successfully assigned device to 1 customer(s)',
      deviceId: uuid,
      deviceWasCreated: true,
      assignedCustomers: [{ email: 'auto@example.com', customerId: uuid, wasCreated: true }],
    });
    const read = await api.get('/device/AUTO-1', key);
    expect(read.body).toMatchObject({ deviceId: res.body.deviceId, type: 'gateway', properties: {}, owners: [{ email: 'auto@example.com' }] });
    // An existing device is not modified by autoCreateDevice: its type stays.
    const again = await api.post(`${A}/assignDeviceToOwners`, key, {
      deviceIdentifier: 'AUTO-1',
      customerEmails: ['auto@example.com'],
      autoCreateDevice: true,
      deviceType: 'sensor',
    });
    expect(again.body).toMatchObject({ deviceId: res.body.deviceId, deviceWasCreated: false });
    expect((await api.get('/device/AUTO-1', key)).body.type).toBe('gateway');
  });

  it('404 for a missing device without autoCreateDevice; creates no customer', async () => {
    const res = await api.post(`${A}/assignDeviceToOwners`, key, { deviceIdentifier: 'NOPE', customerEmails: ['ghost@example.com'] });
    expect(res).toEqual({
      status: 404,
      body: { error: 'Device not found with the provided identifier. Set autoCreateDevice to true to create it automatically.' },
    });
    expect((await api.post('/customer/queryCustomer', key, { email: 'ghost@example.com' })).status).toBe(404);
    const explicitFalse = await api.post(`${A}/assignDeviceToOwners`, key, { deviceIdentifier: 'NOPE', customerEmails: ['ghost@example.com'], autoCreateDevice: false, deviceType: 'x' });
    expect(explicitFalse.status).toBe(404);
    expect((await api.get('/device/NOPE', key)).status).toBe(404);
  });

  it.each([
    [{}, 'deviceIdentifier is required and must be a non-empty string'],
    [{ customerEmails: ['a@b.co'] }, 'deviceIdentifier is required and must be a non-empty string'],
    [{ deviceIdentifier: '  ', customerEmails: ['a@b.co'] }, 'deviceIdentifier is required and must be a non-empty string'],
    [{ deviceIdentifier: 5, customerEmails: ['a@b.co'] }, 'deviceIdentifier is required and must be a non-empty string'],
    [{ deviceIdentifier: 'x'.repeat(257), customerEmails: ['a@b.co'] }, 'deviceIdentifier must be at most 256 characters'],
    [{ deviceIdentifier: 'D-2' }, 'customerEmails is required and must be an array of email strings'],
    [{ deviceIdentifier: 'D-2', customerEmails: 'a@b.co' }, 'customerEmails is required and must be an array of email strings'],
    [{ deviceIdentifier: 'D-2', customerEmails: { a: 'a@b.co' } }, 'customerEmails is required and must be an array of email strings'],
    [{ deviceIdentifier: 'D-2', customerEmails: Array.from({ length: 101 }, (_, i) => `u${i}@b.co`) }, 'Too many customerEmails. Maximum 100 per request'],
    [{ deviceIdentifier: 'D-2', customerEmails: ['a@b.co'], autoCreateDevice: 'true' }, 'autoCreateDevice must be a boolean'],
    [{ deviceIdentifier: 'NEW-X', customerEmails: ['a@b.co'], autoCreateDevice: true }, 'deviceType is required when creating a new device'],
    [{ deviceIdentifier: 'NEW-X', customerEmails: ['a@b.co'], autoCreateDevice: true, deviceType: '  ' }, 'deviceType is required when creating a new device'],
    [{ deviceIdentifier: 'NEW-X', customerEmails: ['a@b.co'], autoCreateDevice: true, deviceType: 3 }, 'deviceType is required when creating a new device'],
    [{ deviceIdentifier: 'NEW-X', customerEmails: ['a@b.co'], autoCreateDevice: true, deviceType: 'x'.repeat(101) }, 'deviceType must be a non-empty string of at most 100 characters'],
    [{ deviceIdentifier: 'D-2', customerEmails: ['a@b.co'], deviceType: 3 }, 'deviceType must be a non-empty string of at most 100 characters'],
    [{ deviceIdentifier: 'D-2', customerEmails: [] }, 'No valid customer emails provided'],
    [{ deviceIdentifier: 'D-2', customerEmails: ['nope', ' ', 7, null, `${'x'.repeat(250)}@b.co`] }, 'No valid customer emails provided'],
    [{ deviceIdentifier: 'NEW-X', customerEmails: ['bad'], autoCreateDevice: true }, 'deviceType is required when creating a new device'],
  ])('400 for case %#, nothing changed', async (body, error) => {
    const before = await snapshot(key, ['a@b.co'], ['D-2', 'NEW-X']);
    expect(await api.post(`${A}/assignDeviceToOwners`, key, body)).toEqual({ status: 400, body: { error } });
    expect(await snapshot(key, ['a@b.co'], ['D-2', 'NEW-X'])).toEqual(before);
  });

  it.each(['{bad json', '[]', '[{"deviceIdentifier":"D-2"}]', '"s"', '1', 'null'])('400 Invalid JSON payload for %s', async (raw) => {
    expect(await api.post(`${A}/assignDeviceToOwners`, key, raw)).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
  });

  it('an empty body names the first missing field', async () => {
    expect(await api.post(`${A}/assignDeviceToOwners`, key, '')).toEqual({
      status: 400,
      body: { error: 'deviceIdentifier is required and must be a non-empty string' },
    });
  });
});

describe('POST /deviceAssignment/assignDevicesToOwner (spec 4.7)', () => {
  let key: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
    ids = await devices(key, 'M-1', 'M-2', 'M-3');
  });

  it('assigns several devices to a new customer; unknown ones are skipped; duplicates counted once', async () => {
    const res = await api.post(`${A}/assignDevicesToOwner`, key, {
      customerEmail: '  Owner@Example.com ',
      deviceIdentifiers: ['M-1', ' M-2 ', 'M-404', 'M-1'],
    });
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'Successfully assigned 2 device(s) to customer',
        customerId: uuid,
        customerWasCreated: true,
        assignedDevices: [
          { identifier: 'M-1', deviceId: ids['M-1'], wasCreated: false },
          { identifier: 'M-2', deviceId: ids['M-2'], wasCreated: false },
        ],
        alreadyAssigned: [],
        skipped: ['M-404'],
      },
    });
    expect(await devicesOf(key, 'owner@example.com')).toEqual(['M-1', 'M-2']);
    expect((await api.post('/customer/queryCustomer', key, { email: 'owner@example.com' })).body).toMatchObject({ name: 'owner', email: 'owner@example.com' });
    expect(await ownersOf(key, 'M-2')).toEqual(['owner@example.com']);
  });

  it('reports already-assigned devices and counts them in the message', async () => {
    const res = await api.post(`${A}/assignDevicesToOwner`, key, { customerEmail: 'owner@example.com', deviceIdentifiers: ['M-2', 'M-3'] });
    expect(res.body).toEqual({
      success: true,
      message: 'Successfully assigned 2 device(s) to customer',
      customerId: uuid,
      customerWasCreated: false,
      assignedDevices: [{ identifier: 'M-3', deviceId: ids['M-3'], wasCreated: false }],
      alreadyAssigned: [{ identifier: 'M-2', deviceId: ids['M-2'], wasCreated: false }],
      skipped: [],
    });
    expect(await devicesOf(key, 'owner@example.com')).toEqual(['M-1', 'M-2', 'M-3']);
  });

  it('auto-creates missing devices with deviceType', async () => {
    const res = await api.post(`${A}/assignDevicesToOwner`, key, {
      customerEmail: 'owner@example.com',
      deviceIdentifiers: ['M-1', 'NEW-1', 'NEW-2'],
      autoCreateDevices: true,
      deviceType: 'thermostat',
    });
    expect(res.body).toMatchObject({
      message: 'Successfully assigned 3 device(s) to customer',
      customerWasCreated: false,
      assignedDevices: [
        { identifier: 'NEW-1', deviceId: uuid, wasCreated: true },
        { identifier: 'NEW-2', deviceId: uuid, wasCreated: true },
      ],
      alreadyAssigned: [{ identifier: 'M-1', deviceId: ids['M-1'], wasCreated: false }],
      skipped: [],
    });
    expect((await api.get('/device/NEW-1', key)).body).toMatchObject({ type: 'thermostat', owners: [{ email: 'owner@example.com' }] });
    // The existing device kept its type.
    expect((await api.get('/device/M-1', key)).body.type).toBe('sensor');
  });

  it('400 No valid devices found to assign when every identifier is unknown; creates no customer', async () => {
    const res = await api.post(`${A}/assignDevicesToOwner`, key, { customerEmail: 'nobody@example.com', deviceIdentifiers: ['X-1', 'X-2'] });
    expect(res).toEqual({ status: 400, body: { error: 'No valid devices found to assign' } });
    expect((await api.post('/customer/queryCustomer', key, { email: 'nobody@example.com' })).status).toBe(404);
  });

  it.each([
    [{}, 'Invalid input: customerEmail is required'],
    [{ deviceIdentifiers: ['M-1'] }, 'Invalid input: customerEmail is required'],
    [{ customerEmail: '', deviceIdentifiers: ['M-1'] }, 'Invalid input: customerEmail is required'],
    [{ customerEmail: ['x@y.co'], deviceIdentifiers: ['M-1'] }, 'Invalid input: customerEmail is required'],
    [{ customerEmail: 'not-an-email', deviceIdentifiers: ['M-1'] }, 'Invalid email format'],
    [{ customerEmail: 'x@y.co' }, 'Invalid input: deviceIdentifiers must be a non-empty array of strings'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: [] }, 'Invalid input: deviceIdentifiers must be a non-empty array of strings'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: 'M-1' }, 'Invalid input: deviceIdentifiers must be a non-empty array of strings'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: ['M-1', 5] }, 'Invalid input: deviceIdentifiers must contain only non-empty strings'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: ['M-1', '  '] }, 'Invalid input: deviceIdentifiers must contain only non-empty strings'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: ['x'.repeat(257)] }, 'Invalid input: each device identifier must be at most 256 characters'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: Array.from({ length: 501 }, (_, i) => `M-${i}`) }, 'Too many deviceIdentifiers. Maximum 500 per request'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: ['M-1'], autoCreateDevices: 1 }, 'autoCreateDevices must be a boolean'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: ['M-1'], autoCreateDevices: true }, 'deviceType is required when autoCreateDevices is true'],
    [{ customerEmail: 'x@y.co', deviceIdentifiers: ['M-1'], autoCreateDevices: true, deviceType: '' }, 'deviceType is required when autoCreateDevices is true'],
  ])('400 for case %#, nothing changed', async (body, error) => {
    const before = await snapshot(key, ['x@y.co'], ['M-1', 'M-0']);
    expect(await api.post(`${A}/assignDevicesToOwner`, key, body)).toEqual({ status: 400, body: { error } });
    expect(await snapshot(key, ['x@y.co'], ['M-1', 'M-0'])).toEqual(before);
  });

  it('400 Invalid JSON payload for malformed and non-object bodies; empty body names customerEmail', async () => {
    for (const raw of ['{"customerEmail":', '[]', 'true']) {
      expect(await api.post(`${A}/assignDevicesToOwner`, key, raw)).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
    }
    expect(await api.post(`${A}/assignDevicesToOwner`, key, '')).toEqual({ status: 400, body: { error: 'Invalid input: customerEmail is required' } });
  });
});

describe('POST /deviceAssignment/unassignDeviceFromOwner (spec 4.8)', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
    await devices(key, 'U-1', 'U-2', 'U-3');
    await api.post(`${A}/assignDevicesToOwner`, key, { customerEmail: 'un@example.com', deviceIdentifiers: ['U-1', 'U-2'] });
    await api.post(`${A}/assignDevicesToOwner`, key, { customerEmail: 'other@example.com', deviceIdentifiers: ['U-1'] });
  });

  it('removes only the link; device, customer and the other owner remain', async () => {
    const res = await api.post(`${A}/unassignDeviceFromOwner`, key, { deviceIdentifier: ' U-1 ', customerEmail: ' UN@Example.com ' });
    expect(res).toEqual({
      status: 200,
      body: { success: true, message: 'Device successfully unassigned from customer', customerId: uuid, deviceIdentifier: 'U-1', devicesRemaining: ['U-2'] },
    });
    expect(await devicesOf(key, 'un@example.com')).toEqual(['U-2']);
    expect(await ownersOf(key, 'U-1')).toEqual(['other@example.com']);
    expect((await api.get('/device/U-1', key)).status).toBe(200);
  });

  it('400 Device is not assigned to this customer, with customerId, deviceIdentifier and currentDevices', async () => {
    const customerId = (await api.post('/customer/queryCustomer', key, { email: 'un@example.com' })).body.id;
    for (const deviceIdentifier of ['U-1', 'U-3', 'NEVER-EXISTED']) {
      expect(await api.post(`${A}/unassignDeviceFromOwner`, key, { deviceIdentifier, customerEmail: 'un@example.com' })).toEqual({
        status: 400,
        body: { error: 'Device is not assigned to this customer', customerId, deviceIdentifier, currentDevices: ['U-2'] },
      });
    }
  });

  it('404 Customer not found for this organization', async () => {
    expect(await api.post(`${A}/unassignDeviceFromOwner`, key, { deviceIdentifier: 'U-2', customerEmail: 'ghost@example.com' })).toEqual({
      status: 404,
      body: { error: 'Customer not found for this organization' },
    });
  });

  it.each([
    [{}, 'Both deviceIdentifier and customerEmail are required'],
    [{ deviceIdentifier: 'U-2' }, 'Both deviceIdentifier and customerEmail are required'],
    [{ customerEmail: 'un@example.com' }, 'Both deviceIdentifier and customerEmail are required'],
    [{ deviceIdentifier: ' ', customerEmail: 'un@example.com' }, 'Both deviceIdentifier and customerEmail are required'],
    [{ deviceIdentifier: 'U-2', customerEmail: 7 }, 'Both deviceIdentifier and customerEmail are required'],
    [{ deviceIdentifier: ['U-2'], customerEmail: 'un@example.com' }, 'Both deviceIdentifier and customerEmail are required'],
    [{ deviceIdentifier: 'U-2', customerEmail: 'un-at-example.com' }, 'Invalid email format'],
    [{ deviceIdentifier: 'x'.repeat(257), customerEmail: 'un@example.com' }, 'deviceIdentifier must be at most 256 characters'],
  ])('400 for case %#, nothing changed', async (body, error) => {
    expect(await api.post(`${A}/unassignDeviceFromOwner`, key, body)).toEqual({ status: 400, body: { error } });
    expect(await devicesOf(key, 'un@example.com')).toEqual(['U-2']);
  });

  it('400 Invalid JSON in request body for malformed and non-object bodies', async () => {
    for (const raw of ['{nope', '[]', '"x"']) {
      expect(await api.post(`${A}/unassignDeviceFromOwner`, key, raw)).toEqual({ status: 400, body: { error: 'Invalid JSON in request body' } });
    }
    expect(await api.post(`${A}/unassignDeviceFromOwner`, key, '')).toEqual({
      status: 400,
      body: { error: 'Both deviceIdentifier and customerEmail are required' },
    });
  });
});

describe('POST /deviceAssignment/unassignDevicesFromOwner (spec 4.9)', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newOrg()).apiKey;
    await devices(key, 'V-1', 'V-2', 'V-3', 'V-4');
    await api.post(`${A}/assignDevicesToOwner`, key, { customerEmail: 'multi@example.com', deviceIdentifiers: ['V-1', 'V-2', 'V-3'] });
  });

  it('removes the assigned ones, skips the others, lists what remains', async () => {
    const res = await api.post(`${A}/unassignDevicesFromOwner`, key, {
      customerEmail: 'MULTI@example.com',
      deviceIdentifiers: ['V-1', 'V-4', ' V-3 ', 'NOPE', 'V-1'],
    });
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        message: 'Successfully unassigned 2 device(s) from customer',
        customerId: uuid,
        unassignedDevices: ['V-1', 'V-3'],
        skipped: ['V-4', 'NOPE'],
        devicesRemaining: ['V-2'],
      },
    });
    expect(await devicesOf(key, 'multi@example.com')).toEqual(['V-2']);
    expect(await ownersOf(key, 'V-1')).toEqual([]);
    expect((await api.get('/device/V-3', key)).status).toBe(200);
  });

  it('0 removed is still a 200 with everything skipped', async () => {
    const res = await api.post(`${A}/unassignDevicesFromOwner`, key, { customerEmail: 'multi@example.com', deviceIdentifiers: ['V-1'] });
    expect(res.body).toMatchObject({ message: 'Successfully unassigned 0 device(s) from customer', unassignedDevices: [], skipped: ['V-1'], devicesRemaining: ['V-2'] });
  });

  it('404 Customer not found for this organization', async () => {
    expect(await api.post(`${A}/unassignDevicesFromOwner`, key, { customerEmail: 'ghost@example.com', deviceIdentifiers: ['V-2'] })).toEqual({
      status: 404,
      body: { error: 'Customer not found for this organization' },
    });
  });

  it.each([
    [{}, 'Invalid input: customerEmail and deviceIdentifiers are required'],
    [{ customerEmail: 'multi@example.com' }, 'Invalid input: customerEmail and deviceIdentifiers are required'],
    [{ deviceIdentifiers: ['V-2'] }, 'Invalid input: customerEmail and deviceIdentifiers are required'],
    [{ customerEmail: 'multi@example.com', deviceIdentifiers: [] }, 'Invalid input: customerEmail and deviceIdentifiers are required'],
    [{ customerEmail: 'multi@example.com', deviceIdentifiers: 'V-2' }, 'Invalid input: customerEmail and deviceIdentifiers are required'],
    [{ customerEmail: 3, deviceIdentifiers: ['V-2'] }, 'Invalid input: customerEmail and deviceIdentifiers are required'],
    [{ customerEmail: 'bad', deviceIdentifiers: ['V-2'] }, 'Invalid email format'],
    [{ customerEmail: 'multi@example.com', deviceIdentifiers: ['V-2', {}] }, 'Invalid input: deviceIdentifiers must contain only non-empty strings'],
    [{ customerEmail: 'multi@example.com', deviceIdentifiers: ['x'.repeat(257)] }, 'Invalid input: each device identifier must be at most 256 characters'],
    [{ customerEmail: 'multi@example.com', deviceIdentifiers: Array.from({ length: 501 }, () => 'V-2') }, 'Too many deviceIdentifiers. Maximum 500 per request'],
  ])('400 for case %#, nothing changed', async (body, error) => {
    expect(await api.post(`${A}/unassignDevicesFromOwner`, key, body)).toEqual({ status: 400, body: { error } });
    expect(await devicesOf(key, 'multi@example.com')).toEqual(['V-2']);
  });

  it('400 Invalid JSON payload for malformed and non-object bodies', async () => {
    for (const raw of ['{"customerEmail"', '[1]', 'false']) {
      expect(await api.post(`${A}/unassignDevicesFromOwner`, key, raw)).toEqual({ status: 400, body: { error: 'Invalid JSON payload' } });
    }
    expect(await api.post(`${A}/unassignDevicesFromOwner`, key, '')).toEqual({
      status: 400,
      body: { error: 'Invalid input: customerEmail and deviceIdentifiers are required' },
    });
  });
});

describe('authentication on every assignment route', () => {
  it.each(['assignDeviceToOwners', 'assignDevicesToOwner', 'unassignDeviceFromOwner', 'unassignDevicesFromOwner'])('%s: 401 before body parsing', async (route) => {
    expect(await api.call('POST', `/api/ext-v1${A}/${route}`, { body: '{bad' })).toEqual({ status: 401, body: { error: 'Missing API key' } });
    expect(await api.post(`${A}/${route}`, 'fd_live_wrong', '{bad')).toEqual({ status: 401, body: { error: 'Invalid API key' } });
  });
});

describe('tenant isolation on every assignment route', () => {
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = (await newOrg('mine')).apiKey;
    theirs = (await newOrg('theirs')).apiKey;
    // The other org has the same identifiers and emails, assigned to each other.
    await devices(theirs, 'T-1', 'T-2');
    await api.post(`${A}/assignDevicesToOwner`, theirs, { customerEmail: 'shared@example.com', deviceIdentifiers: ['T-1', 'T-2'] });
  });

  const theirState = async () => ({
    customer: await api.post('/customer/queryCustomer', theirs, { email: 'shared@example.com' }),
    t1: await api.get('/device/T-1', theirs),
    t2: await api.get('/device/T-2', theirs),
  });

  it('never sees or touches another organization’s devices and customers', async () => {
    const before = await theirState();
    expect(before.customer.body.devices).toEqual(['T-1', 'T-2']);

    // Their device is unknown here.
    expect((await api.post(`${A}/assignDeviceToOwners`, mine, { deviceIdentifier: 'T-1', customerEmails: ['shared@example.com'] })).status).toBe(404);
    expect(await api.post(`${A}/assignDevicesToOwner`, mine, { customerEmail: 'shared@example.com', deviceIdentifiers: ['T-1', 'T-2'] })).toEqual({
      status: 400,
      body: { error: 'No valid devices found to assign' },
    });
    // Their customer is unknown here.
    expect((await api.post(`${A}/unassignDeviceFromOwner`, mine, { deviceIdentifier: 'T-1', customerEmail: 'shared@example.com' })).status).toBe(404);
    expect((await api.post(`${A}/unassignDevicesFromOwner`, mine, { customerEmail: 'shared@example.com', deviceIdentifiers: ['T-1'] })).status).toBe(404);

    // Creating the same identifiers and email here makes separate records.
    const auto = await api.post(`${A}/assignDeviceToOwners`, mine, {
      deviceIdentifier: 'T-1',
      customerEmails: ['shared@example.com'],
      autoCreateDevice: true,
      deviceType: 'sensor',
    });
    expect(auto.body).toMatchObject({ deviceWasCreated: true, assignedCustomers: [{ wasCreated: true }] });
    expect(auto.body.deviceId).not.toBe(before.t1.body.deviceId);
    const bulk = await api.post(`${A}/assignDevicesToOwner`, mine, {
      customerEmail: 'shared@example.com',
      deviceIdentifiers: ['T-1', 'T-2'],
      autoCreateDevices: true,
      deviceType: 'sensor',
    });
    expect(bulk.body).toMatchObject({ customerWasCreated: false, alreadyAssigned: [{ identifier: 'T-1' }], assignedDevices: [{ identifier: 'T-2', wasCreated: true }] });
    expect(bulk.body.customerId).not.toBe(before.customer.body.id);
    const one = await api.post(`${A}/unassignDeviceFromOwner`, mine, { deviceIdentifier: 'T-1', customerEmail: 'shared@example.com' });
    expect(one.body).toMatchObject({ devicesRemaining: ['T-2'] });
    const many = await api.post(`${A}/unassignDevicesFromOwner`, mine, { customerEmail: 'shared@example.com', deviceIdentifiers: ['T-2'] });
    expect(many.body).toMatchObject({ unassignedDevices: ['T-2'], devicesRemaining: [] });

    expect(await theirState()).toEqual(before);
  });
});
