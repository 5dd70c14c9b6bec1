import type { Server } from 'node:http';

export interface RunningServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts `server` on `port` (0: any free one) and `host`: the port it got, and a `close` that ends its
 * open connections too.
 */
export async function listen(server: Server, port: number, host: string): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
