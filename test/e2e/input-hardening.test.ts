import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../shared/db/client';
import { KEY_PART_MAX_BYTES } from '../../shared/db/keys';
import { answerClientError, startHttpServer } from '../../shared/local/server';
import * as assignmentRepo from '../../shared/domain/assignment/assignment.repository';
import * as ticketRepo from '../../shared/domain/ticket/ticket.repository';
import { useLocalApi } from '../support/api';
import { useTestTable } from '../support/dynamo';
import { newOrg } from '../support/orgs';
import path from 'node:path';

useTestTable();
const api = useLocalApi();

async function tableItems(): Promise<string[]> {
  const out = await documentClient().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true }));
  return (out.Items ?? []).map((item) => `${item.pk as string}|${item.sk as string}`).sort();
}

const nested = (levels: number, arrays = false) => {
  const open = arrays ? '['.repeat(levels) : '{"k":'.repeat(levels - 1);
  const close = arrays ? ']'.repeat(levels) : '}'.repeat(levels - 1);
  return arrays ? `${open}${close}` : `${open}{}${close}`;
};

describe('issue 7 regressions: bad input is a 400 naming the field, never a 500', () => {
  let key: string;
  beforeAll(async () => {
    ({ apiKey: key } = await newOrg('Hardening'));
  });

  describe('class 1: lone UTF-16 surrogates', () => {
    const bad = 'a\ud800';
    it.each([
      ['/device', { identifier: bad, type: 't' }, 'identifier'],
      ['/device/bulk-metadata', { devices: { [bad]: {} } }, 'devices'],
      ['/customer/createOrUpdateCustomer', { email: `${bad}@b.co` }, 'email'],
      ['/customer/queryCustomer', { email: `${bad}@b.co` }, 'email'],
      ['/deviceAssignment/assignDeviceToOwners', { deviceIdentifier: bad, customerEmails: ['a@b.co'] }, 'deviceIdentifier'],
      ['/deviceAssignment/assignDevicesToOwner', { customerEmail: 'a@b.co', deviceIdentifiers: ['ok', bad] }, 'deviceIdentifiers'],
      ['/deviceAssignment/unassignDeviceFromOwner', { deviceIdentifier: 'x', customerEmail: `${bad}@b.co` }, 'customerEmail'],
      ['/deviceAssignment/unassignDevicesFromOwner', { customerEmail: 'a@b.co', deviceIdentifiers: [bad] }, 'deviceIdentifiers'],
      ['/ticket/createTicket', { title: 't', customerEmail: 'a@b.co', messages: [{ role: 'customer', content: bad }] }, 'messages'],
    ])('%s answers 400 `<field> must be valid Unicode text`', async (route, body, field) => {
      expect(await api.post(route, key, body)).toEqual({ status: 400, body: { error: `${field} must be valid Unicode text` } });
    });

    it('a well-formed surrogate pair (emoji) is fine', async () => {
      expect((await api.post('/device', key, { identifier: 'SN-😀', type: 't' })).status).toBe(200);
    });
  });

  describe('class 2: deeply nested metadata', () => {
    it('4,500 levels in properties or a bulk-metadata value is a 400, even for an unknown device', async () => {
      for (const arrays of [false, true]) {
        const deep = nested(4500, arrays);
        expect(await api.post('/device', key, `{"identifier":"DEEP-1","type":"t","properties":{"a":${deep}}}`)).toEqual({
          status: 400,
          body: { error: 'properties must be nested at most 32 levels deep' },
        });
        expect(await api.post('/device/bulk-metadata', key, `{"devices":{"UNKNOWN-1":{"a":${deep}}}}`)).toEqual({
          status: 400,
          body: { error: 'Invalid metadata for device "UNKNOWN-1": must be nested at most 32 levels deep' },
        });
      }
    });

    it('32 levels (the object itself is level 1) are accepted, 33 are not', async () => {
      expect((await api.post('/device', key, `{"identifier":"DEEP-2","type":"t","properties":${nested(32)}}`)).status).toBe(200);
      expect((await api.post('/device', key, `{"identifier":"DEEP-2","properties":${nested(33)}}`)).body.error).toBe(
        'properties must be nested at most 32 levels deep',
      );
    });
  });

  describe('issue 23 #7: very wide JSON arrays', () => {
    // 300k elements in a ~600 KB body: the body walk spread the array onto the call stack and threw RangeError (500).
    const wide = `[${'1,'.repeat(299_999)}1]`;

    it('a 300k-element array in properties is a 400, nothing stored', async () => {
      const before = await tableItems();
      expect(await api.post('/device', key, `{"identifier":"WIDE-1","type":"t","properties":{"a":${wide}}}`)).toEqual({
        status: 400,
        body: { error: 'properties must be at most 65536 bytes of JSON' },
      });
      expect(await tableItems()).toEqual(before);
    });

    it('a 300k-element array as a top-level field is a 400 on every kind of route, MCP included', async () => {
      expect((await api.post('/device/bulk-metadata', key, `{"devices":${wide}}`)).status).toBe(400);
      expect((await api.post('/customer/createOrUpdateCustomer', key, `{"email":${wide}}`)).status).toBe(400);
      const mcp = await api.call('POST', '/api/mcp', {
        apiKey: key,
        headers: { accept: 'application/json, text/event-stream' },
        body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":${wide}}}}`,
      });
      expect(mcp.status).toBeLessThan(500);
    });
  });

  describe('class 3: limits counted in key bytes', () => {
    const max = KEY_PART_MAX_BYTES.deviceIdentifier;

    it('a 256-character CJK identifier is a 400 naming the byte limit', async () => {
      expect(await api.post('/device', key, { identifier: '漢'.repeat(256), type: 't' })).toEqual({
        status: 400,
        body: { error: `identifier must be at most ${max} bytes of UTF-8 text` },
      });
    });

    it('a 1000-character accented email is a 400 on queryCustomer and invalid on create', async () => {
      const email = `${'é'.repeat(990)}@b.co`;
      expect(await api.post('/customer/queryCustomer', key, { email })).toEqual({
        status: 400,
        body: { error: `email must be at most ${KEY_PART_MAX_BYTES.email} bytes of UTF-8 text` },
      });
      expect(await api.post('/customer/createOrUpdateCustomer', key, { email })).toEqual({ status: 400, body: { error: 'Invalid email format' } });
    });

    it('identifiers of 120-170 multi-byte characters in an assignment are a 400; at the byte limit they are created AND assigned', async () => {
      for (const n of [120, 150, 170]) {
        expect(await api.post('/deviceAssignment/assignDeviceToOwners', key, {
          deviceIdentifier: '字'.repeat(n),
          customerEmails: ['bytes@example.com'],
          autoCreateDevice: true,
          deviceType: 't',
        })).toEqual({ status: 400, body: { error: `deviceIdentifier must be at most ${max} bytes of UTF-8 text` } });
        expect((await api.post('/deviceAssignment/assignDevicesToOwner', key, { customerEmail: 'bytes@example.com', deviceIdentifiers: ['字'.repeat(n)] })).body.error).toBe(
          `Invalid input: each device identifier must be at most ${max} bytes of UTF-8 text`,
        );
      }
      const atLimit = '字'.repeat(Math.floor(max / 3));
      const res = await api.post('/deviceAssignment/assignDeviceToOwners', key, {
        deviceIdentifier: atLimit,
        customerEmails: ['bytes@example.com'],
        autoCreateDevice: true,
        deviceType: 't',
      });
      expect(res).toMatchObject({ status: 200, body: { deviceWasCreated: true } });
      expect((await api.get(`/device/${encodeURIComponent(atLimit)}`, key)).body.owners).toEqual([
        expect.objectContaining({ email: 'bytes@example.com' }),
      ]);
    });
  });

  describe('class 4: a failed call leaves nothing behind', () => {
    afterEach(() => jest.restoreAllMocks());

    /** The link step writes its links, then fails (as a cancelled chunk or a lost connection would). */
    function failLinksAfterWriting() {
      const realOne = assignmentRepo.linkDeviceToCustomers;
      const realMany = assignmentRepo.linkDevicesToCustomer;
      jest.spyOn(assignmentRepo, 'linkDeviceToCustomers').mockImplementation(async (...args) => {
        await realOne(...args);
        throw new Error('link transaction failed');
      });
      jest.spyOn(assignmentRepo, 'linkDevicesToCustomer').mockImplementation(async (...args) => {
        await realMany(...args);
        throw new Error('link transaction failed');
      });
    }

    it('assignDeviceToOwners with autoCreateDevice: 500 and no device, customer or link stays; the retry succeeds', async () => {
      await api.post('/customer/createOrUpdateCustomer', key, { email: 'existing-a4@example.com' });
      const before = await tableItems();
      failLinksAfterWriting();
      const body = { deviceIdentifier: 'ATOM-1', customerEmails: ['new-a4@example.com', 'existing-a4@example.com'], autoCreateDevice: true, deviceType: 't' };
      expect(await api.post('/deviceAssignment/assignDeviceToOwners', key, body)).toEqual({ status: 500, body: { error: 'Internal server error' } });
      expect(await tableItems()).toEqual(before);
      jest.restoreAllMocks();
      const retry = await api.post('/deviceAssignment/assignDeviceToOwners', key, body);
      expect(retry).toMatchObject({ status: 200, body: { deviceWasCreated: true } });
    });

    it('assignDevicesToOwner with autoCreateDevices: 500 and no device, customer or link stays', async () => {
      await api.post('/device', key, { identifier: 'ATOM-EXISTING', type: 't' });
      const before = await tableItems();
      failLinksAfterWriting();
      const body = { customerEmail: 'new-b4@example.com', deviceIdentifiers: ['ATOM-EXISTING', ...Array.from({ length: 120 }, (_, i) => `ATOM-N-${i}`)], autoCreateDevices: true, deviceType: 't' };
      expect(await api.post('/deviceAssignment/assignDevicesToOwner', key, body)).toEqual({ status: 500, body: { error: 'Internal server error' } });
      expect(await tableItems()).toEqual(before);
    });

    it('createTicket for a new email: when the ticket write fails, the customer is not created either', async () => {
      const before = await tableItems();
      const real = ticketRepo.putTicket;
      jest.spyOn(ticketRepo, 'putTicket').mockImplementation(async (org, ticket, job, alongside = []) => {
        // The same transaction, with a ticket item whose condition cannot hold (simulates any failure of the write).
        await real(org, ticket, job, [...alongside, { ConditionCheck: { TableName: tableName(), Key: { pk: 'NOPE', sk: 'NOPE' }, ConditionExpression: 'attribute_exists(pk)' } }]);
      });
      expect((await api.post('/ticket/createTicket', key, { title: 't', customerEmail: 'ticket-fail@example.com' })).status).toBe(500);
      expect(await tableItems()).toEqual(before);
    });
  });

  describe('class 5: requests Node rejects before any handler', () => {
    let url: URL;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const server = await startHttpServer({ port: 0, rootDir: path.resolve(__dirname, '../..') });
      url = new URL(server.url);
      close = server.close;
    });
    afterAll(async () => close());

    /** Sends raw bytes and returns the raw HTTP answer (the server closes the connection). */
    function raw(request: Buffer): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = connect(Number(url.port), '127.0.0.1', () => socket.write(request));
        const chunks: Buffer[] = [];
        socket.on('data', (c) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
    }

    const parse = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), json: head.includes('content-type: application/json') ? JSON.parse(body) : undefined };
    };

    it('raw non-ASCII bytes in the path: 400 JSON', async () => {
      const answer = await raw(Buffer.concat([Buffer.from('GET /api/ext-v1/device/'), Buffer.from([0xe2, 0x82, 0xac, 0x00]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]));
      expect(parse(answer)).toEqual({ status: 400, json: { error: 'Malformed HTTP request' } });
    });

    it('oversized headers: 431 JSON', async () => {
      const answer = await raw(Buffer.from(`GET /api/ext-v1/device/x HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`));
      expect(parse(answer)).toEqual({ status: 431, json: { error: 'Request headers too large' } });
    });

    it('garbage instead of HTTP: 400 JSON', async () => {
      expect(parse(await raw(Buffer.from('\x16\x03\x01 not http\r\n\r\n')))).toEqual({ status: 400, json: { error: 'Malformed HTTP request' } });
    });

    it('a request that never finishes its headers: 408 JSON', async () => {
      // The same clientError answer on a server whose request timeout is short enough to wait for
      // (the local stack keeps Node's default of 300 s).
      const slow = createServer({ requestTimeout: 300, headersTimeout: 300, connectionsCheckingInterval: 50 }, (_req, res) => res.end());
      slow.on('clientError', answerClientError);
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      try {
        const port = (slow.address() as AddressInfo).port;
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/ext-v1/device/x HTTP/1.1\r\nHost: x\r\n'));
          const chunks: Buffer[] = [];
          socket.on('data', (c) => chunks.push(c));
          socket.on('error', reject);
          socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
        expect(parse(answer)).toEqual({ status: 408, json: { error: 'Request timeout' } });
      } finally {
        slow.closeAllConnections();
        await new Promise((resolve) => slow.close(resolve));
      }
    });
  });
});
