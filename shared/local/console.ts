/**
 * The support console in the local stack (issue 18): builds the single-page app from `console/`
 * when its sources changed, serves it at `/console/` on the API's own origin with the same
 * security headers CloudFront sets in AWS, keeps the session secret under `.data/`, plays
 * Cognito's part for sign-in (a one-time link exchanged for a signed session), and makes sure
 * the organization has a first admin with a fresh one-time sign-in link.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { SESSION_SECRET_ENV, addUser, issueSignInLink, listUsers, signIn } from '../domain/user/user.service';
import { CONSOLE_PREFIX } from '../routes';
import { errorResponse } from '../http/error-mapper';
import { SECURITY_HEADERS } from '../http/security-headers';

export const CONSOLE_PATH = '/console';
/** The local stand-in for Cognito's token endpoint: `POST { token }` → `{ session, expiresAt, user }`. */
export const LOCAL_SIGN_IN_PATH = `${CONSOLE_PREFIX}/session`;
export const FIRST_ADMIN_EMAIL = 'admin@example.com';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The session secret, created once under `dataDir` (0600) and handed to the functions through the environment. */
export function ensureSessionSecret(dataDir: string): void {
  const file = path.join(dataDir, 'console-session-secret');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  process.env[SESSION_SECRET_ENV] = readFileSync(file, 'utf8').trim();
}

function sourceFingerprint(consoleDir: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name === 'dist') continue;
      const full = path.join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else hash.update(`${path.relative(consoleDir, full)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  walk(consoleDir);
  return hash.digest('hex');
}

/** Builds `console/` into `outDir` with Vite unless the last build is of the same sources. */
export async function buildConsole(rootDir: string, outDir: string): Promise<{ built: boolean; ms: number }> {
  const consoleDir = path.join(rootDir, 'console');
  const stampFile = path.join(outDir, '.source-fingerprint');
  const fingerprint = sourceFingerprint(consoleDir);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint && existsSync(path.join(outDir, 'index.html'))) return { built: false, ms: 0 };
  const started = Date.now();
  // Vite is ESM; the dynamic import keeps it out of the Lambda handlers' module graph. Silent: the sign-in link
  // is the first line `npm start` prints, and a failed build throws with its message.
  const vite = (await import('vite')) as typeof import('vite');
  await vite.build({ configFile: path.join(consoleDir, 'vite.config.mts'), root: consoleDir, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  writeFileSync(stampFile, fingerprint);
  return { built: true, ms: Date.now() - started };
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>) {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers });
  res.end(body);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Serves the built console and the local sign-in exchange in front of the API router of `server`
 * (every other request goes on to the route table unchanged).
 */
export function attachConsole(server: Server, options: { distDir: string }): void {
  const apiListeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const config = JSON.stringify({ auth: 'local', apiBase: '' });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === LOCAL_SIGN_IN_PATH && req.method === 'POST') {
      void (async () => {
        const body = (await readJson(req)) as { token?: unknown } | undefined;
        try {
          const result = await signIn(typeof body?.token === 'string' ? body.token : '');
          send(res, 200, JSON.stringify(result), { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        } catch (error) {
          const out = errorResponse(error);
          send(res, out.statusCode ?? 500, String(out.body ?? ''), { 'content-type': 'application/json; charset=utf-8' });
        }
      })();
      return;
    }
    if (url.pathname !== CONSOLE_PATH && !url.pathname.startsWith(`${CONSOLE_PATH}/`)) {
      for (const listener of apiListeners) listener(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, '', {});
    if (url.pathname === `${CONSOLE_PATH}/config.json`) return send(res, 200, config, { 'content-type': CONTENT_TYPES['.json'] as string, 'cache-control': 'no-store' });
    const relative = decodeURIComponent(url.pathname.slice(CONSOLE_PATH.length)).replace(/^\/+/, '');
    const file = path.resolve(options.distDir, relative);
    const inside = file.startsWith(path.resolve(options.distDir) + path.sep);
    if (inside && existsSync(file) && statSync(file).isFile() && !path.basename(file).startsWith('.')) {
      const immutable = relative.startsWith('assets/');
      return send(res, 200, readFileSync(file), {
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (relative.startsWith('assets/')) return send(res, 404, 'Not found', { 'content-type': 'text/plain' });
    // Every other path is a page of the single-page app: a reload keeps the place.
    send(res, 200, readFileSync(path.join(options.distDir, 'index.html')), { 'content-type': CONTENT_TYPES['.html'] as string, 'cache-control': 'no-cache' });
  });
}

/** The organization's first admin (created on first start) and a fresh one-time sign-in link for them. */
export async function firstAdminLink(organizationId: string, consoleUrl: string): Promise<{ email: string; link: string }> {
  const users = await listUsers(organizationId);
  const admin = users.find((u) => u.role === 'admin') ?? (await addUser(organizationId, FIRST_ADMIN_EMAIL, 'admin'));
  return { email: admin.email, link: await issueSignInLink(admin, consoleUrl) };
}

/** Everything `npm start` needs for the console, in one call: secret, build, serving, first admin. */
export async function startConsole(options: { server: Server; url: string; rootDir: string; organizationId: string }) {
  const dataDir = path.join(options.rootDir, '.data');
  ensureSessionSecret(dataDir);
  const distDir = path.join(dataDir, 'console');
  const build = await buildConsole(options.rootDir, distDir);
  attachConsole(options.server, { distDir });
  const consoleUrl = `${options.url}${CONSOLE_PATH}`;
  // Invites from Settings > Team (shared/admin/users.ts) link to this console, also on a port picked at start.
  process.env.CONSOLE_URL ||= consoleUrl;
  const admin = await firstAdminLink(options.organizationId, consoleUrl);
  return { consoleUrl, build, admin };
}
