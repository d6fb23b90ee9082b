/**
 * The console's settings pages (issue 18) in headless Chromium against the real local stack: an
 * admin adds a category and routing rules, reorders the rules, sets the chat webhook and sends a
 * test to a local receiver, sets auto-close, invites an agent whose one-time link signs them in;
 * URLs, back/forward and reload keep the place; axe-core finds no serious or critical violation on
 * the settings pages at 1280×800 and 390×844. Screenshots of each page go to /tmp/console-settings/.
 */
import http from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeSource, launchChromium, startLocalStack, type LocalStack } from '../support/console-stack';

jest.setTimeout(240_000);

let stack: LocalStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: http.Server;
let receiverUrl = '';
const received: string[] = [];
const shots = '/tmp/console-settings';

/** fetch, retried once: a pooled connection the server closed while idle fails before any byte is sent. */
const fetchOnce = (url: string, init?: RequestInit) => fetch(url, init).catch(() => fetch(url, init));
const sessionOf = (p: Page) => p.evaluate<string>("JSON.parse(localStorage.getItem('fleetdesk.session') ?? '{}').token ?? ''");
async function consoleApi(p: Page, route: string) {
  const res = await fetchOnce(`${stack.url}/api/console/v1${route}`, { headers: { authorization: `Bearer ${await sessionOf(p)}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function seriousViolations(p: Page): Promise<string[]> {
  await p.evaluate(axeSource());
  const result = await p.evaluate<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>("window.axe.run(document, { resultTypes: ['violations'] })");
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const settled = async (p: Page) => {
  await p.locator('main h1').first().waitFor();
  await p.locator('[role="status"]', { hasText: /^Loading/ }).first().waitFor({ state: 'detached' });
};

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/T0/B0/secret`;
  browser = await launchChromium();
  stack = await startLocalStack();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', timezoneId: 'Europe/Berlin' });
  page = await context.newPage();
  await page.goto(stack.signInLink);
  await page.getByRole('heading', { name: 'Queue' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

it('categories: an admin adds one with keywords and edits it; a reload keeps the page', async () => {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Categories' }).click();
  await page.waitForURL('**/console/settings/categories');
  await page.getByText('No categories yet').waitFor();
  const form = page.getByRole('form', { name: 'Add a category' });
  await form.getByLabel('Name').fill('Battery');
  await form.getByLabel('Description').fill('Charging and battery life');
  await form.getByLabel('Keywords (comma-separated)').fill('charge, drain, Charge');
  await form.getByRole('button', { name: 'Add category' }).click();
  await page.getByRole('list', { name: 'Categories' }).getByText('Keywords: charge, drain').waitFor();
  await form.getByLabel('Name').fill('battery');
  await form.getByRole('button', { name: 'Add category' }).click();
  await page.getByRole('alert').getByText('Category "battery" already exists (names are case-insensitive)').waitFor();
  await form.getByLabel('Name').fill('Connectivity');
  await form.getByRole('button', { name: 'Add category' }).click();
  await page.getByRole('list', { name: 'Categories' }).getByText('Connectivity').waitFor();
  await page.getByRole('button', { name: 'Edit Connectivity' }).click();
  const edit = page.getByRole('form', { name: 'Edit Connectivity' });
  await edit.getByLabel('Keywords (comma-separated)').fill('wifi, router');
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Keywords: wifi, router').waitFor();
  await page.reload();
  await page.getByText('Keywords: wifi, router').waitFor();
  await page.screenshot({ path: `${shots}/categories.png`, fullPage: true });
  expect((await consoleApi(page, '/settings/categories')).body.categories).toEqual([
    { name: 'Battery', description: 'Charging and battery life', keywords: ['charge', 'drain'] },
    { name: 'Connectivity', description: null, keywords: ['wifi', 'router'] },
  ]);
});

it('routing rules: add two, reorder with the keyboard on the up/down buttons, remove one', async () => {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Routing rules' }).click();
  await page.waitForURL('**/console/settings/routing');
  await page.getByText('No routing rules').waitFor();
  const form = page.getByRole('form', { name: 'Add a routing rule' });
  const addRule = async (assignee: string, field: string, value: string, valueIsSelect: boolean) => {
    await form.getByLabel('Assign to').fill(assignee);
    await form.getByLabel('Condition 1 field').selectOption(field);
    if (valueIsSelect) await form.getByLabel('Condition 1 value').selectOption(value);
    else await form.getByLabel('Condition 1 value').fill(value);
    await form.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('list', { name: 'Routing rules, in order' }).getByText(`→ ${assignee}`).waitFor();
  };
  await addRule('power-team', 'category', 'Battery', true);
  await addRule('net-team', 'contains', 'wifi', false);
  // A rule with two conditions.
  await form.getByLabel('Assign to').fill('urgent-desk');
  await form.getByLabel('Condition 1 field').selectOption('priority');
  await form.getByLabel('Condition 1 value').selectOption('urgent');
  await form.getByRole('button', { name: 'Add condition' }).click();
  await form.getByLabel('Condition 2 value').fill('smoke');
  await form.getByRole('button', { name: 'Add rule' }).click();
  const list = page.getByRole('list', { name: 'Routing rules, in order' });
  await list.getByText('If priority is urgent and text contains “smoke” → urgent-desk').waitFor();
  const order = async () => ((await consoleApi(page, '/settings/routing-rules')).body.rules as { assignee: string }[]).map((r) => r.assignee);
  expect(await order()).toEqual(['power-team', 'net-team', 'urgent-desk']);
  // Keyboard: focus "up" on rule 3 and press Enter twice; the focus follows the rule.
  await page.getByRole('button', { name: 'Move rule 3 up' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Move rule 2 up' }).and(page.locator(':focus')).waitFor();
  await page.keyboard.press('Enter');
  await list.locator('li').first().getByText('→ urgent-desk').waitFor();
  expect(await order()).toEqual(['urgent-desk', 'power-team', 'net-team']);
  await page.getByRole('button', { name: 'Move rule 1 down' }).click();
  await list.locator('li').first().getByText('→ power-team').waitFor();
  expect(await order()).toEqual(['power-team', 'urgent-desk', 'net-team']);
  await page.getByRole('button', { name: 'Move rule 1 up' }).isDisabled().then((d) => expect(d).toBe(true));
  // Remove asks once more.
  await page.getByRole('button', { name: 'Remove rule 3' }).click();
  await page.getByRole('button', { name: 'Confirm removing rule 3' }).click();
  await page.getByText('Rule removed.').waitFor();
  expect(await order()).toEqual(['power-team', 'urgent-desk']);
  await page.screenshot({ path: `${shots}/routing.png`, fullPage: true });
});

it('routing rules: a reorder by someone else meanwhile shows the current order instead of moving', async () => {
  const token = await sessionOf(page);
  // Another admin (the same API) swaps the two rules while this page still shows the old order.
  const moved = await fetchOnce(`${stack.url}/api/console/v1/settings/routing-rules/2/move`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ direction: 'up' }),
  });
  expect(moved.status).toBe(200);
  await page.getByRole('button', { name: 'Move rule 1 down' }).click();
  await page.getByText('Another admin changed the rules meanwhile').waitFor();
  await page.getByRole('list', { name: 'Routing rules, in order' }).locator('li').first().getByText('→ urgent-desk').waitFor();
  expect(((await consoleApi(page, '/settings/routing-rules')).body.rules as { assignee: string }[]).map((r) => r.assignee)).toEqual(['urgent-desk', 'power-team']);
});

it('chat: set the webhook (origin shown only), send a test to a local receiver, notify options; a private host is refused', async () => {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Chat' }).click();
  await page.waitForURL('**/console/settings/chat');
  await page.getByText('none — no chat lines are posted').waitFor();
  await page.getByLabel('Incoming webhook URL (Slack-compatible)').fill('https://10.0.0.8/hook');
  await page.getByRole('button', { name: 'Save webhook' }).click();
  await page.getByRole('alert').getByText('url host resolves to a private, loopback, link-local or metadata address').waitFor();
  await page.getByLabel('Incoming webhook URL (Slack-compatible)').fill(receiverUrl);
  await page.getByRole('button', { name: 'Save webhook' }).click();
  await page.getByLabel('Current webhook, origin only').getByText(`${new URL(receiverUrl).origin}/…`).waitFor();
  expect(await page.content()).not.toContain('secret');
  await page.getByRole('button', { name: 'Send test' }).click();
  await page.getByTestId('chat-test-outcome').getByText(/^Delivered: the receiver answered 200/).waitFor();
  expect(received.map((b) => (JSON.parse(b) as { text: string }).text)).toEqual([expect.stringContaining('Fleetdesk test message from admin@example.com')]);
  // The box shows the saved setting (no optimistic state): it turns checked once the save answered, so
  // Playwright's check(), which wants the state changed at once, raced the save on a loaded machine.
  await page.getByLabel('a ticket is solved').click();
  await page.getByLabel('a ticket is solved').and(page.locator(':checked:enabled')).waitFor();
  expect((await consoleApi(page, '/settings/chat')).body).toEqual(expect.objectContaining({ notifyOnSolved: true, notifyCustomerMessages: false }));
  await page.screenshot({ path: `${shots}/chat.png`, fullPage: true });
});

it('automation: auto-close days and proactive auto-solve; the server says the range', async () => {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Automation' }).click();
  await page.waitForURL('**/console/settings/automation');
  const days = page.getByLabel('Close solved tickets after (days, 1–90)');
  await days.and(page.locator('[value="7"]')).waitFor();
  await days.fill('120');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').getByText('autoCloseDays must be an integer from 1 to 90').waitFor();
  await days.fill('14');
  await page.getByLabel('Solve a proactive ticket when its incident resolves and no agent has replied').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.').waitFor();
  await page.reload();
  await page.getByLabel('Close solved tickets after (days, 1–90)').and(page.locator('[value="14"]')).waitFor();
  expect((await consoleApi(page, '/settings/automation')).body).toEqual({ autoCloseDays: 14, proactiveAutoSolve: true });
  await page.screenshot({ path: `${shots}/automation.png`, fullPage: true });
});

it('team: invite an agent, the one-time link (with Copy) signs them in, and they cannot open Settings; role and remove', async () => {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team' }).click();
  await page.waitForURL('**/console/settings/team');
  await page.getByRole('cell', { name: 'admin@example.com (you)' }).waitFor();
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill('new.agent@example.com');
  await form.getByLabel('Role').selectOption('agent');
  await form.getByRole('button', { name: 'Invite' }).click();
  const link = (await page.getByTestId('invite-link').textContent()) as string;
  expect(link).toMatch(new RegExp(`^${stack.url}/console/sign-in#token=`));
  await page.getByRole('button', { name: 'Copy' }).waitFor();
  await page.getByRole('cell', { name: 'new.agent@example.com', exact: true }).waitFor();
  await page.screenshot({ path: `${shots}/team.png`, fullPage: true });

  const agentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const agentPage = await agentContext.newPage();
  await agentPage.goto(link);
  await agentPage.getByRole('heading', { name: 'Queue' }).waitFor();
  await agentPage.goto(`${stack.url}/console/settings/team`);
  await agentPage.getByText('Admins only').waitFor();
  expect((await consoleApi(agentPage, '/settings/categories')).status).toBe(403);

  // Promote, then remove: the removed agent's session ends.
  const agentId = ((await consoleApi(page, '/users')).body.users as { email: string; userId: string }[]).find((u) => u.email === 'new.agent@example.com')?.userId as string;
  await page.getByLabel('Role of new.agent@example.com').selectOption('admin');
  await page.getByLabel('Role of new.agent@example.com').and(page.locator(':enabled')).waitFor();
  const roleOf = async () => ((await consoleApi(page, '/users')).body.users as { userId: string; role: string }[]).find((u) => u.userId === agentId)?.role;
  for (let i = 0; i < 50 && (await roleOf()) !== 'admin'; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await roleOf()).toBe('admin');
  await page.getByRole('button', { name: 'Remove new.agent@example.com' }).click();
  await page.getByRole('button', { name: 'Confirm removing new.agent@example.com' }).click();
  await page.getByRole('cell', { name: 'new.agent@example.com', exact: true }).waitFor({ state: 'detached' });
  expect((await consoleApi(agentPage, '/me')).status).toBe(401);
  await agentContext.close();
  // Nobody removes or demotes themselves from the page.
  expect(await page.getByRole('button', { name: 'Remove admin@example.com' }).count()).toBe(0);
});

it('back and forward walk the settings pages; each is its own URL', async () => {
  await page.goto(`${stack.url}/console/settings/categories`);
  await page.getByRole('list', { name: 'Categories' }).waitFor();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Routing rules' }).click();
  await page.getByRole('list', { name: 'Routing rules, in order' }).waitFor();
  await page.goBack();
  await page.waitForURL('**/console/settings/categories');
  await page.getByRole('list', { name: 'Categories' }).waitFor();
  await page.goForward();
  await page.waitForURL('**/console/settings/routing');
  await page.getByRole('list', { name: 'Routing rules, in order' }).waitFor();
});

it('axe-core finds no serious or critical violation on the settings pages (desktop and phone)', async () => {
  const pages = ['categories', 'routing', 'chat', 'automation', 'team'];
  const problems: string[] = [];
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    for (const name of pages) {
      await page.goto(`${stack.url}/console/settings/${name}`);
      await settled(page);
      await page.locator('section.panel').first().waitFor();
      if (viewport.width === 390) await page.screenshot({ path: `${shots}/${name}-phone.png`, fullPage: true });
      problems.push(...(await seriousViolations(page)).map((v) => `${name} @${viewport.width}: ${v}`));
    }
  }
  expect(problems).toEqual([]);
});
