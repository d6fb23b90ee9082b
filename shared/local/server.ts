import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createLocalRouter } from '../http/local-router';

/** Status and text for requests Node's HTTP parser refuses before any handler sees them. */
function parserRejection(code: string | undefined): { status: number; error: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, error: 'Request headers too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, error: 'Request timeout' };
  return { status: 400, error: 'Malformed HTTP request' };
}

/**
 * Answers a request the HTTP parser rejected (raw non-ASCII bytes in the path, oversized
 * headers, bad framing) with the JSON error shape every other error has, instead of Node's
 * default empty 400 or a reset connection. The connection is closed: the stream is unusable.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, error: message } = parserRejection(error.code);
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
}

/** Starts the local HTTP API on `port` (0 picks a free one). Used by `npm start` and the e2e tests. */
export async function startHttpServer(options: { port: number; rootDir: string; host?: string }): Promise<{
  server: Server;
  url: string;
  close: () => Promise<void>;
}> {
  const server = createServer(createLocalRouter({ rootDir: options.rootDir }));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
