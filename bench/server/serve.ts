/**
 * Child process of the server benchmark: seeds the bench business into a fresh database,
 * starts the reference server and a hello-world Fastify (the ceiling) on 127.0.0.1, prints one
 * JSON line with their URLs, and closes both on SIGTERM. Run apart from autocannon so that the
 * load generator does not share the server's event loop.
 */
import Fastify from 'fastify';
import { closeServerDb, openServerDb } from '../../server/db/open';
import { startServer } from '../../server/start-server';
import { seedBench } from './fixture';

export const BENCH_KEY = 'bench-key-0001';

async function main(): Promise<void> {
  const dbPath = process.argv[2];
  if (!dbPath) throw new Error('usage: serve.ts DB_PATH');
  const now = Date.now();
  const db = openServerDb(dbPath);
  const seeded = seedBench(db, now);
  closeServerDb(db);

  const server = await startServer({
    dbPath,
    keys: [{ key: BENCH_KEY, scope: 'book' }],
    rateLimit: { perMinute: 1_000_000_000, perDay: 1_000_000_000 },
  });
  const hello = Fastify({ logger: false });
  hello.get('/', () => ({ hello: 'world' }));
  await hello.listen({ host: '127.0.0.1', port: 0 });
  const address = hello.server.address();
  const helloUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.stdout.write(`${JSON.stringify({ url: server.url, helloUrl, now, ...seeded })}\n`);

  process.once('SIGTERM', () => {
    void Promise.all([server.close(), hello.close()]).then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
