import { createServer } from 'node:net';
import { PortInUseError, StackError } from './errors';

export interface PortClaim {
  port: number;
  /** The setting that chose it, named in the error (`HTTP_PORT`). */
  setting: string;
  /** The address the process will bind. Default 127.0.0.1: everything in the stack listens on loopback. */
  host?: string;
}

/** Binds and releases host:port: the same test the real listener will face. */
function canBind(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(false);
      else reject(err);
    });
    server.listen({ port, host }, () => server.close(() => resolve(true)));
  });
}

/**
 * Throws {@link PortInUseError} for the first claimed port that is busy, before anything is started, so a
 * busy port costs one line and leaves nothing half-started. Two settings naming one port are refused too.
 */
export async function assertPortsFree(claims: readonly PortClaim[]): Promise<void> {
  const owners = new Map<number, string>();
  for (const { port, setting } of claims) {
    const other = owners.get(port);
    if (other !== undefined) {
      throw new StackError(`${setting} and ${other} are both ${port}. Give each its own port.`);
    }
    owners.set(port, setting);
  }
  for (const { port, setting, host = '127.0.0.1' } of claims) {
    if (!(await canBind(port, host))) throw new PortInUseError(port, setting);
  }
}
