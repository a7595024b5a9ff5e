import { createServer } from 'node:net';

/**
 * A loopback port free right now, chosen by the kernel (listen on port 0, then close). A port
 * drawn at random could be in use — by another server, or as the local port of an outgoing
 * connection, which the kernel takes from the same 32768–60999 range — and a server that
 * cannot bind fails for nothing.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
