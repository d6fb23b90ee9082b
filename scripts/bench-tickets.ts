/**
 * Ticket lifecycle benchmark (issue 16) against the local stack (the same handlers behind the
 * local HTTP server, DynamoDB Local, one process), all figures from one run:
 *   - DynamoDB requests per REST call, counted on the wire by a middleware on the one client,
 *     auth included: PATCH /ticket/{id} (budget ≤ 4), POST /ticket/{id}/messages (≤ 4),
 *     GET /ticket/{id}/events, a page (2), GET /ticket, a list page (2);
 *   - the p50 latency of each of those calls beside the p50 of GET /ticket/{id}, measured in
 *     interleaved rounds (one call of each kind per round, in turn), so drift in machine load hits
 *     all of them alike; printed as ratios to GET /ticket/{id}.
 *
 *   npm run bench:tickets [-- --rounds 150] [-- --tickets 30]
 *
 * Loopback only; starts its own DynamoDB Local on a free port unless DYNAMODB_ENDPOINT is set.
 * A figure, not a timed test: nothing here fails on a slow machine.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
process.env.AWS_REGION ??= 'local';

import { countRequests, intArg as arg, percentile, seedOrganization, startBenchApi, startBenchTable } from './bench/harness';

/** Issue 16's budget: DynamoDB requests per call, auth included. */
const BUDGET = { patch: 4, message: 4, events: 2, list: 2 } as const;
const PAGE = 20;

async function main() {
  const rounds = arg('rounds', 150);
  const ticketCount = arg('tickets', 30);
  const table = await startBenchTable('bench-tickets');
  const http = await startBenchApi();
  const { base } = http;
  try {
    const { apiKey } = await seedOrganization('bench');
    const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };
    const send = async (method: string, route: string, body?: unknown, extra: Record<string, string> = {}) => {
      const res = await fetch(`${base}${route}`, { method, headers: { ...headers, ...extra }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 200)}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    // Tickets to work on: more than a list page of them, each with more events than an events page.
    const tickets: string[] = [];
    for (let i = 0; i < ticketCount; i++) {
      const created = await send('POST', '/ticket/createTicket', {
        title: `Heater ${i} stays cold`,
        customerEmail: `customer${i % 5}@example.com`,
        messages: [{ role: 'customer', content: 'The heater does not warm up since yesterday.' }],
      });
      tickets.push(created.ticketId as string);
    }
    const busy = tickets[0] as string;

    let n = 0;
    // Every PATCH changes the priority (a real change: an update, its event, the list entries moved).
    const high = new Set<string>();
    const patch = (ticketId: string) => {
      const priority = high.has(ticketId) ? 'low' : 'high';
      if (priority === 'high') high.add(ticketId);
      else high.delete(ticketId);
      return send('PATCH', `/ticket/${ticketId}`, { priority });
    };
    const calls = {
      get: () => send('GET', `/ticket/${tickets[n % tickets.length]}`),
      patch: () => patch(tickets[n % tickets.length] as string),
      message: () => send('POST', `/ticket/${tickets[n % tickets.length]}/messages`, { role: 'agent', content: `Reply ${n}: please check the fuse.`, author: 'ana' }),
      events: () => send('GET', `/ticket/${busy}/events?limit=${PAGE}`),
      list: () => send('GET', `/ticket?limit=${PAGE}`),
    } as const;
    type Call = keyof typeof calls;
    for (let i = 0; i < PAGE + 5; i++) await patch(busy);
    const order: Call[] = ['get', 'patch', 'message', 'events', 'list'];

    // Warm every handler, then count each call once (a page that has a next page: checked below).
    for (const c of order) await calls[c]();
    n++;
    const counts = {} as Record<Call, { requests: number; byCommand: Record<string, number> }>;
    for (const c of order) counts[c] = await countRequests(() => calls[c]());
    n++;
    const eventsPage = await calls.events();
    const listPage = await calls.list();
    if (!eventsPage.nextCursor || (eventsPage.events as unknown[]).length !== PAGE) throw new Error('the events page measured is not a full page with a next one');
    if (!listPage.nextCursor || (listPage.tickets as unknown[]).length !== PAGE) throw new Error('the list page measured is not a full page with a next one');
    const countedPatchWithIfMatch = await (async () => {
      const t = tickets[1] as string;
      const current = await send('GET', `/ticket/${t}`);
      return countRequests(() => send('PATCH', `/ticket/${t}`, { assignee: `agent-${n}` }, { 'if-match': `"${current.version as number}"` }));
    })();

    // Latency: interleaved rounds, one call of each kind per round, the order rotated every round.
    const samples = Object.fromEntries(order.map((c) => [c, [] as number[]])) as Record<Call, number[]>;
    const started = performance.now();
    for (let r = 0; r < rounds; r++, n++) {
      for (let k = 0; k < order.length; k++) {
        const c = order[(r + k) % order.length] as Call;
        const t0 = performance.now();
        await calls[c]();
        samples[c].push(performance.now() - t0);
      }
    }
    const seconds = (performance.now() - started) / 1000;

    const p50get = percentile(samples.get, 0.5);
    const label: Record<Call, string> = {
      get: 'GET /ticket/{id} (reference)',
      patch: 'PATCH /ticket/{id}',
      message: 'POST /ticket/{id}/messages',
      events: `GET /ticket/{id}/events (page of ${PAGE})`,
      list: `GET /ticket (list page of ${PAGE})`,
    };
    const budget: Partial<Record<Call, number>> = BUDGET;
    const cmds = (b: Record<string, number>) => Object.entries(b).map(([k, v]) => `${k}${v > 1 ? ` x${v}` : ''}`).join(', ');
    console.log('Ticket lifecycle benchmark (local stack: local HTTP server + DynamoDB Local, one process, loopback)');
    console.log('DynamoDB requests per call, auth included:');
    for (const c of order) {
      const b = budget[c];
      const verdict = b === undefined ? '' : `budget <= ${b}  ${counts[c].requests <= b ? 'OK' : 'MISSED'}`;
      console.log(`  ${label[c].padEnd(38)} ${String(counts[c].requests).padStart(2)}   ${verdict.padEnd(18)} (${cmds(counts[c].byCommand)})`);
    }
    console.log(`  ${'PATCH /ticket/{id} with If-Match'.padEnd(38)} ${String(countedPatchWithIfMatch.requests).padStart(2)}   ${`budget <= ${BUDGET.patch}  ${countedPatchWithIfMatch.requests <= BUDGET.patch ? 'OK' : 'MISSED'}`.padEnd(18)} (${cmds(countedPatchWithIfMatch.byCommand)})`);
    console.log(`Latency, ${rounds} interleaved rounds (${seconds.toFixed(0)} s), sequential calls:`);
    console.log(`  ${'call'.padEnd(38)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)}   p50 / p50 of GET /ticket/{id}`);
    for (const c of order) {
      const p50 = percentile(samples[c], 0.5);
      console.log(`  ${label[c].padEnd(38)} ${p50.toFixed(1).padStart(7)} ${percentile(samples[c], 0.9).toFixed(1).padStart(7)}   ${(p50 / p50get).toFixed(2)}`);
    }
    console.log(`(${ticketCount} tickets; the events page is of a ticket with ${PAGE + 6}+ events, the list page of ${ticketCount} tickets; both have a next page)`);
  } finally {
    await http.close();
    table.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
