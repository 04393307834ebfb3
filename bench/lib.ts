import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

// Shared helpers for the benchmark scripts: a throwaway PostgreSQL database and timing.
const ADMIN_URL =
  process.env.BENCH_ADMIN_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export async function scratchDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // BENCH_KEEP_DB=1 keeps it, to look at plans after a run (drop it by hand).
      if (process.env.BENCH_KEEP_DB === '1') return console.log(`kept database ${name}`);
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface Timing {
  name: string;
  n: number;
  rps: number;
  p50: number;
  p99: number;
}

/** Runs `fn` sequentially `n` times after `warmup` runs; latencies in ms. */
export async function measure(
  name: string,
  n: number,
  fn: () => Promise<unknown>,
  warmup = 20,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!;
  return { name, n, rps: (n / total) * 1000, p50: at(50), p99: at(99) };
}

export function table(rows: Timing[]): string {
  const head = `${'scenario'.padEnd(40)} ${'n'.padStart(5)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`;
  return [
    head,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(40)} ${String(r.n).padStart(5)} ${r.rps.toFixed(1).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}`,
    ),
  ].join('\n');
}
