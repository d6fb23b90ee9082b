import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalRouter } from '../http/local-router';

/** Starts the local HTTP API on `port` (0 picks a free one). Used by `npm start` and the e2e tests. */
export async function startHttpServer(options: { port: number; rootDir: string; host?: string }): Promise<{
  server: Server;
  url: string;
  close: () => Promise<void>;
}> {
  const server = createServer(createLocalRouter({ rootDir: options.rootDir }));
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
