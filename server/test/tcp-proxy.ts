import net from 'node:net';

// A peer (Redis, PostgreSQL) going away under a running instance and coming back: the tests
// reach it through this proxy, which they can cut, while the machine's real one goes on serving
// the other tests.

const DEFAULT_PORTS: Record<string, number> = {
  'redis:': 6379,
  'postgres:': 5432,
  'postgresql:': 5432,
};

/** A TCP proxy to `target` that can refuse and cut every connection, and let them through again. */
export function cuttableProxy(target: URL) {
  let up = true;
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) {
      refused += 1;
      return client.destroy();
    }
    const upstream = net.connect(
      Number(target.port || DEFAULT_PORTS[target.protocol]),
      target.hostname,
    );
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    /** Connections refused while cut (a client's reconnect attempts). */
    get refused() {
      return refused;
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
