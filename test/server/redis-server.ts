/**
 * A real `redis-server` for tests: on a free port of 127.0.0.1, no persistence, started and
 * stopped by the test. It can be killed (as a crash would) and started again on the same port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** A port nothing listens on now (the OS picks it; redis-server cannot take port 0 itself). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRedisServer() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';

  async function start(): Promise<void> {
    output = '';
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = server;
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const failed = new Promise<never>((_, reject) => {
      server.once('error', (error) =>
        reject(
          new Error(`redis-server could not be started (${error.message}); install it: apt-get install redis-server`),
        ),
      );
      server.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
    failed.catch(() => {});
    const deadline = Date.now() + 5000;
    for (;;) {
      if (await Promise.race([accepting(port), failed])) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not accept connections on ${port}: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function stop(signal: NodeJS.Signals): Promise<void> {
    const server = child;
    child = undefined;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill(signal);
    await exited;
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    /** SIGKILL, as a crash: no goodbye to the clients. */
    kill: () => stop('SIGKILL'),
    /** Starts it again on the same port. */
    restart: start,
    stop: () => stop('SIGTERM'),
  };
}

export type TestRedisServer = Awaited<ReturnType<typeof startRedisServer>>;
