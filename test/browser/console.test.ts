/**
 * The console in headless Chromium (Debian's package, driven by playwright-core) against the real
 * local stack (`bin/local.ts` on free ports, its own table): sign-in with the printed link, queue →
 * ticket, the device chart drawn from real telemetry, key regeneration, roles, tenant isolation,
 * and axe-core on the main pages. Screenshots go to docs/screenshots/.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { admin, axeSource, launchChromium, root, startLocalStack, type LocalStack } from '../support/console-stack';

jest.setTimeout(240_000);

let stack: LocalStack;
let browser: Browser;
let adminContext: BrowserContext;
let page: Page;
let ticketId: string;
let proactiveTicketId: string | undefined;
const DEVICE = 'TH-1001';
const screenshots = path.join(root, 'docs/screenshots');

/** fetch, retried once: a pooled connection the server closed while idle (the admin CLI takes seconds) fails before any byte is sent. */
const http = (url: string, init?: RequestInit) => fetch(url, init).catch(() => fetch(url, init));

async function api(method: string, route: string, key: string, body?: unknown) {
  const res = await http(`${stack.url}${route}`, { method, headers: { 'content-type': 'application/json', 'x-api-key': key }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signIn(link: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', timezoneId: 'Europe/Berlin' });
  const p = await context.newPage();
  await p.goto(link);
  await p.getByRole('heading', { name: 'Queue' }).waitFor();
  return { context, page: p };
}

/** The session token the page holds, to call the console API as that user. */
const sessionOf = (p: Page) => p.evaluate<string>("JSON.parse(localStorage.getItem('fleetdesk.session') ?? '{}').token ?? ''");

async function seriousViolations(p: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) stays in force for the app.
  await p.evaluate(axeSource());
  const result = await p.evaluate<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>("window.axe.run(document, { resultTypes: ['violations'] })");
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startLocalStack();
  const key = stack.apiKey;
  // A customer with a device, a day of telemetry every 5 minutes, and a ticket.
  expect((await api('POST', '/api/ext-v1/device', key, { identifier: DEVICE, type: 'thermostat' })).status).toBe(200);
  expect((await api('POST', '/api/ext-v1/deviceAssignment/assignDeviceToOwners', key, { deviceIdentifier: DEVICE, customerEmails: ['ann@example.com'] })).status).toBe(200);
  const now = Date.now();
  const records = Array.from({ length: 288 }, (_, i) => ({
    timestamp: new Date(now - (288 - i) * 5 * 60_000).toISOString(),
    temperature: 20 + 2 * Math.sin(i / 12),
    humidity: 45 + 5 * Math.cos(i / 20),
  }));
  const ingested = await api('POST', '/api/telemetry', key, { deviceIdentifier: DEVICE, records });
  expect(ingested.status).toBe(200);
  const created = await api('POST', '/api/ext-v1/ticket/createTicket', key, {
    title: 'Thermostat keeps restarting',
    customerEmail: 'ann@example.com',
    messages: [{ role: 'customer', content: 'Since yesterday the thermostat restarts every hour.' }],
  });
  expect(created.status).toBe(200);
  ticketId = created.body.ticketId as string;
  // A proactive case: a threshold rule, then a reading above it.
  admin(stack, 'monitor', 'rule', 'add', '--org', stack.organizationId, '--measurement', 'temperature', '--above', '30');
  await api('POST', '/api/telemetry', key, { deviceIdentifier: DEVICE, records: [{ timestamp: new Date(now - 60_000).toISOString(), temperature: 41 }] });
  for (let i = 0; i < 50 && !proactiveTicketId; i++) {
    const list = await api('GET', '/api/ext-v1/ticket?source=anomaly', key);
    proactiveTicketId = (list.body.tickets as { ticketId: string }[] | undefined)?.[0]?.ticketId;
    if (!proactiveTicketId) await new Promise((r) => setTimeout(r, 200));
  }
  ({ context: adminContext, page } = await signIn(stack.signInLink));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

it('prints the console link first; the link signs in once (a second use is refused)', async () => {
  expect(stack.output().split('\n').find((l) => l.trim() !== '' && !l.startsWith('(!)') && !l.includes('npm warn'))).toMatch(/^Console: http:\/\/localhost:\d+\/console /);
  const again = await http(`${stack.url}/api/console/v1/session`, { method: 'POST', body: JSON.stringify({ token: new URL(stack.signInLink).hash.replace('#token=', '') }) });
  expect(again.status).toBe(401);
});

it('console routes refuse anonymous calls and the organization key with 401', async () => {
  const attempts: Record<string, string>[] = [{}, { 'x-api-key': stack.apiKey }, { authorization: `Bearer ${stack.apiKey}` }];
  for (const headers of attempts) {
    const res = await http(`${stack.url}/api/console/v1/tickets`, { headers });
    expect(res.status).toBe(401);
  }
});

it('queue → ticket: the queue lists the ticket, Enter opens it with its conversation, diagnosis and customer', async () => {
  await page.goto(`${stack.url}/console/?view=open`);
  await page.getByRole('link', { name: 'Thermostat keeps restarting' }).waitFor();
  await page.getByRole('button', { name: /All open/ }).waitFor();
  await page.screenshot({ path: path.join(screenshots, 'queue.png') });
  // Keyboard: j selects the first row, Enter opens it.
  const rows = await page.locator('tbody tr').count();
  const index = await page.locator('tbody tr').evaluateAll((trs) => trs.findIndex((tr) => tr.textContent?.includes('Thermostat keeps restarting')));
  for (let i = 0; i <= index; i++) await page.keyboard.press('j');
  expect(rows).toBeGreaterThan(0);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/console/tickets/${ticketId}`);
  await page.getByRole('heading', { name: 'Thermostat keeps restarting' }).waitFor();
  await page.getByText('Since yesterday the thermostat restarts every hour.').waitFor();
  await page.getByRole('link', { name: 'ann@example.com' }).waitFor();
  await page.getByRole('link', { name: DEVICE }).waitFor();
  // A reload keeps the place.
  await page.reload();
  await page.getByRole('heading', { name: 'Thermostat keeps restarting' }).waitFor();
});

it('the ticket page needs at most 3 API requests', async () => {
  const fresh = await adminContext.newPage();
  const apiCalls: string[] = [];
  fresh.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
  });
  await fresh.goto(`${stack.url}/console/tickets/${ticketId}`);
  await fresh.getByRole('heading', { name: 'Thermostat keeps restarting' }).waitFor();
  await fresh.getByRole('heading', { name: 'Diagnosis' }).waitFor();
  // The activity timeline (its own route) included: /me, the page, its events.
  await fresh.getByRole('list', { name: 'Activity timeline' }).waitFor();
  await fresh.waitForLoadState('networkidle');
  expect(apiCalls.length).toBeLessThanOrEqual(3);
  await fresh.close();
});

it('queue → ticket → reply → solve: the agent works the case; the API shows status solved and the agent message', async () => {
  await page.goto(`${stack.url}/console/?view=open`);
  await page.getByRole('link', { name: 'Thermostat keeps restarting' }).click();
  await page.waitForURL(`**/console/tickets/${ticketId}`);
  const me = (await (await http(`${stack.url}/api/console/v1/me`, { headers: { authorization: `Bearer ${await sessionOf(page)}` } })).json()) as { user: { email: string } };
  const adminEmail = me.user.email;
  // An internal note first: told apart from the reply in the conversation.
  await page.getByLabel('Internal note (only your team sees it)').fill('Checked the crash log: watchdog resets every hour.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.getByRole('listitem', { name: 'Internal note' }).getByText('Checked the crash log').waitFor();
  await page.getByLabel('Reply to the customer').fill('Thanks Ann, a firmware fix is on its way: please keep the thermostat online tonight.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await page.getByRole('listitem', { name: 'agent message' }).getByText('a firmware fix is on its way').waitFor();
  await page.getByLabel('Status').selectOption('solved');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // The timeline (events route) shows each change with who made it.
  const timeline = page.getByRole('list', { name: 'Activity timeline' });
  await timeline.getByText(/Status .* → Solved/).waitFor();
  await timeline.getByText('Internal note added').waitFor();
  expect(await timeline.getByText(`by ${adminEmail}`).count()).toBeGreaterThanOrEqual(3);
  await page.screenshot({ path: path.join(screenshots, 'ticket.png'), fullPage: true });

  const viaApi = await api('GET', `/api/ext-v1/ticket/${ticketId}`, stack.apiKey);
  expect(viaApi.status).toBe(200);
  expect(viaApi.body.status).toBe('solved');
  const messages = viaApi.body.messages as { role: string; content: string; internal?: boolean; author?: string }[];
  expect(messages).toContainEqual(expect.objectContaining({ role: 'agent', content: 'Thanks Ann, a firmware fix is on its way: please keep the thermostat online tonight.', author: adminEmail }));
  expect(messages).toContainEqual(expect.objectContaining({ role: 'agent', internal: true, content: 'Checked the crash log: watchdog resets every hour.' }));
  expect(viaApi.body.firstResponseAt).toEqual(expect.any(String));
  // The solved ticket has left the open view and is in Solved.
  await page.goto(`${stack.url}/console/?view=solved`);
  await page.getByRole('link', { name: 'Thermostat keeps restarting' }).waitFor();
});

it('a concurrent change: Save answers 412, the page shows what changed, Retry applies the edit on the current version', async () => {
  const created = await api('POST', '/api/ext-v1/ticket/createTicket', stack.apiKey, { title: 'Display flickers', customerEmail: 'ann@example.com', messages: [{ role: 'customer', content: 'The display flickers.' }] });
  const id = created.body.ticketId as string;
  await page.goto(`${stack.url}/console/tickets/${id}`);
  await page.getByRole('heading', { name: 'Display flickers' }).waitFor();
  await page.getByLabel('Priority').selectOption('urgent');
  // Meanwhile an integration puts the ticket on hold.
  expect((await api('PATCH', `/api/ext-v1/ticket/${id}`, stack.apiKey, { status: 'on_hold' })).status).toBe(200);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Someone else changed this ticket' });
  await alert.getByText('Status: New → On hold').waitFor();
  expect((await api('GET', `/api/ext-v1/ticket/${id}`, stack.apiKey)).body.priority).not.toBe('urgent');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await alert.waitFor({ state: 'detached' });
  const after = await api('GET', `/api/ext-v1/ticket/${id}`, stack.apiKey);
  expect(after.body).toEqual(expect.objectContaining({ priority: 'urgent', status: 'on_hold' }));
});

it('a proactive ticket shows its incident chart', async () => {
  expect(proactiveTicketId).toBeDefined();
  await page.goto(`${stack.url}/console/tickets/${proactiveTicketId}`);
  await page.getByRole('heading', { name: 'Incident' }).waitFor();
  await page.locator('.chart[data-drawn="true"]').waitFor();
});

it('the device page draws the telemetry chart from real telemetry (canvas not blank)', async () => {
  await page.goto(`${stack.url}/console/devices/${DEVICE}`);
  await page.getByRole('heading', { name: DEVICE }).waitFor();
  await page.locator('.chart[data-drawn="true"]').waitFor();
  // Pixels of the series colours (blue or green strokes), not the axes' grey or the background.
  const coloured = await page.evaluate<number>(`(() => {
    const canvas = document.querySelector('.chart canvas');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && Math.abs(data[i] - data[i + 2]) > 60) n++;
    return n;
  })()`);
  expect(coloured).toBeGreaterThan(200);
  await page.screenshot({ path: path.join(screenshots, 'device.png'), fullPage: true });
  // Other ranges draw too.
  await page.getByRole('button', { name: '7d' }).click();
  await page.locator('.chart[data-drawn="true"]').waitFor();
});

it('regenerating the key needs REGENERATE typed; the new key is shown once and works, the old one is 401 at once', async () => {
  await page.goto(`${stack.url}/console/settings/integrations/developer`);
  await page.getByLabel('API key, masked').waitFor();
  await page.getByRole('button', { name: 'Regenerate key' }).click();
  const confirm = page.getByRole('button', { name: 'Regenerate now' });
  await page.getByLabel(/Type REGENERATE to confirm/).fill('regenerate');
  expect(await confirm.isDisabled()).toBe(true);
  await page.getByLabel(/Type REGENERATE to confirm/).fill('REGENERATE');
  await confirm.click();
  const newKey = (await page.getByTestId('new-key').textContent()) ?? '';
  expect(newKey).toMatch(/^fdk_/);
  await page.getByText('The old key stopped working.').waitFor();
  expect((await api('GET', `/api/ext-v1/device/${DEVICE}`, stack.apiKey)).status).toBe(401);
  expect((await api('GET', `/api/ext-v1/device/${DEVICE}`, newKey)).status).toBe(200);
  // The server refuses a regeneration without the typed confirmation.
  const token = await sessionOf(page);
  const bare = await http(`${stack.url}/api/console/v1/settings/developer/regenerate`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: '{}' });
  expect(bare.status).toBe(400);
  stack.apiKey = newKey;
});

it('an agent can neither open Settings > Developer nor call its route (403 Admins only)', async () => {
  const added = admin(stack, 'user', 'add', '--org', stack.organizationId, '--email', 'agent@example.com', '--role', 'agent');
  const { context, page: agentPage } = await signIn(added.signInLink as string);
  expect(await agentPage.getByRole('link', { name: 'Settings' }).count()).toBe(0);
  await agentPage.goto(`${stack.url}/console/settings/integrations/developer`);
  await agentPage.getByText('Admins only').waitFor();
  const token = await sessionOf(agentPage);
  for (const [method, route] of [
    ['GET', '/api/console/v1/settings/developer'],
    ['POST', '/api/console/v1/settings/developer/regenerate'],
  ]) {
    const res = await http(`${stack.url}${route}`, { method, headers: { authorization: `Bearer ${token}` }, body: method === 'POST' ? JSON.stringify({ confirm: 'REGENERATE' }) : undefined });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Admins only' });
  }
  // Sign-out ends the session on the server too.
  await agentPage.getByRole('button', { name: 'Sign out' }).click();
  await agentPage.getByText(/signed out/i).first().waitFor();
  expect((await http(`${stack.url}/api/console/v1/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  await context.close();
});

it("a user of organization B cannot load organization A's ticket by URL", async () => {
  const orgB = admin(stack, 'org', 'create', '--name', 'Org B');
  const added = admin(stack, 'user', 'add', '--org', orgB.organizationId as string, '--email', 'b-admin@example.com', '--role', 'admin');
  const { context, page: bPage } = await signIn(added.signInLink as string);
  await bPage.goto(`${stack.url}/console/tickets/${ticketId}`);
  await bPage.getByText('Ticket not found').waitFor();
  expect(await bPage.getByText('Thermostat keeps restarting').count()).toBe(0);
  const token = await sessionOf(bPage);
  expect((await http(`${stack.url}/api/console/v1/tickets/${ticketId}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  expect((await http(`${stack.url}/api/console/v1/devices/${DEVICE}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  await context.close();
});

it('axe-core finds no serious or critical violation on the main pages (desktop and phone)', async () => {
  const customerId = ((await api('POST', '/api/ext-v1/customer/queryCustomer', stack.apiKey, { email: 'ann@example.com' })).body.id as string) ?? '';
  const pages: [string, string][] = [
    ['queue', '/console/'],
    ['ticket', `/console/tickets/${ticketId}`],
    ['device', `/console/devices/${DEVICE}`],
    ['customer', `/console/customers/${customerId}`],
    ['developer settings', '/console/settings/integrations/developer'],
  ];
  const problems: string[] = [];
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    for (const [name, url] of pages) {
      await page.goto(`${stack.url}${url}`);
      await page.locator('main h1').first().waitFor();
      await page.locator('[role="status"]', { hasText: /^Loading/ }).first().waitFor({ state: 'detached' });
      problems.push(...(await seriousViolations(page)).map((v) => `${name} @${viewport.width}: ${v}`));
    }
  }
  expect(problems).toEqual([]);
});
