import { createServer } from 'node:net';

/** A port `npm start` is about to listen on, and the variable that sets it. */
export interface PlannedPort {
  variable: string;
  port: number;
  host: string;
}

function canListen(port: number, host: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/**
 * Checks every port before anything starts, so a busy port stops `npm start` with one line naming
 * the port and its variable instead of leaving the stand-ins started before it running. Port 0
 * (any free port) is not checked.
 */
export async function assertPortsFree(ports: readonly PlannedPort[]): Promise<void> {
  const seen = new Map<number, string>();
  for (const { variable, port } of ports) {
    if (port === 0) continue;
    const other = seen.get(port);
    if (other) throw new Error(`${other} and ${variable} are both ${port}; give each its own port.`);
    seen.set(port, variable);
  }
  for (const { variable, port, host } of ports) {
    if (port === 0) continue;
    const error = await canListen(port, host);
    if (!error) continue;
    if (error.code === 'EADDRINUSE') throw new Error(`Port ${port} (${variable}) is already in use; stop what holds it or set ${variable} to a free port.`);
    if (error.code === 'EACCES') throw new Error(`Port ${port} (${variable}) needs privileges this user lacks; set ${variable} to a port above 1023.`);
    throw new Error(`Port ${port} (${variable}) on ${host} cannot be used: ${error.message}`);
  }
}
