/**
 * `npm run bench:console` (issue 18): the console's three budgets, measured and printed.
 * - first-page JavaScript, gzipped (the scripts index.html loads before the queue renders): ≤ 200 KB;
 * - the device chart drawing 50,000 points over 30 days in Chromium, from data to first draw: ≤ 300 ms;
 * - the ticket page's API requests on a fresh load against the real local stack: ≤ 3.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { launchChromium, startLocalStack } from '../test/support/console-stack';
import { startDynamoDbLocal } from '../shared/local/dynamodb-local';
import { freePort } from '../shared/local/free-port';

const root = path.resolve(__dirname, '..');
const outDir = path.join(root, '.bench', 'console');

async function build() {
  const vite = (await import('vite')) as typeof import('vite');
  await vite.build({
    configFile: path.join(root, 'console', 'vite.config.mts'),
    root: path.join(root, 'console'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, rolldownOptions: { input: { index: path.join(root, 'console/index.html'), chart: path.join(root, 'console/bench/chart.html') } } },
  });
}

function firstPageJsGzipped(): { bytes: number; files: string[] } {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/console\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(outDir, f)), { level: 9 }).length, 0);
  return { bytes, files };
}

async function serveBuild() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(outDir, url.pathname.replace(/^\/console\//, ''));
    if (!file.startsWith(outDir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function main() {
  await build();
  const js = firstPageJsGzipped();
  const browser = await launchChromium();
  const { server, url } = await serveBuild();
  const draws: number[] = [];
  try {
    for (let run = 0; run < 5; run++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${url}/console/bench/chart.html?points=50000`);
      const el = page.locator('.chart[data-drawn="true"]');
      await el.waitFor();
      draws.push(Number(await el.getAttribute('data-draw-ms')));
      await page.close();
    }
  } finally {
    server.close();
  }
  // The ticket page against the real local stack: every /api/ request of a fresh load.
  // Its own in-memory DynamoDB Local on a free port, as the tests do: nothing shared with a running `npm start`.
  const dynamo = process.env.DYNAMODB_ENDPOINT ? undefined : await (async () => {
    const port = await freePort();
    const child = await startDynamoDbLocal({ port, timeoutMs: 60000 });
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
    return child;
  })();
  const stack = await startLocalStack();
  let apiRequests = -1;
  try {
    const created = await fetch(`${stack.url}/api/ext-v1/ticket/createTicket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': stack.apiKey },
      body: JSON.stringify({ title: 'Bench ticket', customerEmail: 'bench@example.com', messages: [{ role: 'customer', content: 'hello' }] }),
    });
    const { ticketId } = (await created.json()) as { ticketId: string };
    const context = await browser.newContext();
    const signIn = await context.newPage();
    await signIn.goto(stack.signInLink);
    await signIn.getByRole('heading', { name: 'Queue' }).waitFor();
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(`${stack.url}/console/tickets/${ticketId}`);
    await page.getByRole('heading', { name: 'Diagnosis' }).waitFor();
    await page.waitForLoadState('networkidle');
    apiRequests = calls.length;
    console.log(`ticket page requests: ${calls.join(', ')}`);
  } finally {
    await browser.close();
    await stack.stop();
    dynamo?.kill();
  }
  const sorted = [...draws].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  console.log(`first-page JS gzipped: ${(js.bytes / 1024).toFixed(1)} KB (${js.files.join(', ')})  budget 200 KB  ${js.bytes <= 200 * 1024 ? 'OK' : 'OVER'}`);
  console.log(`chart 50,000 points / 30 days, draw: median ${median.toFixed(1)} ms (runs: ${draws.map((d) => d.toFixed(1)).join(', ')})  budget 300 ms  ${median <= 300 ? 'OK' : 'OVER'}`);
  console.log(`ticket page API requests: ${apiRequests}  budget 3  ${apiRequests >= 0 && apiRequests <= 3 ? 'OK' : 'OVER'}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
