/**
 * `npm run bench`: how long the local stack takes to start, and what a request through the
 * gateway costs, on PGlite and on PostgreSQL (when reachable). Each figure is printed beside
 * its baseline measured in the same run: the same SQL run directly in a role-switched
 * transaction (no HTTP, no PostgREST translation), so the gateway's own overhead is visible.
 * Prints a table and a JSON line; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { asRole } from '../../supabase/local/gateway/request-role.ts';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';
import { createTestUser } from '../integration/support/users.ts';

const ROUNDS = 300;
const SERVER = process.env.SIDENOTE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const FIXTURE = `
create table public.bench_items (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid(),
  title text not null,
  done boolean not null default false
);
alter table public.bench_items enable row level security;
create policy "own items" on public.bench_items for all to authenticated
  using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
create function public.bench_open_count() returns bigint language sql stable
  as $$ select count(*) from public.bench_items where not done $$;
`;

interface Row {
  database: string;
  measure: string;
  median_ms: number;
  p95_ms: number;
  baseline: string;
  baseline_median_ms: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function timeEach(fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 20; i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

async function measureRequests(stack: RunningStack, database: string, rows: Row[]): Promise<void> {
  await stack.db.exec(FIXTURE);
  const user = await createTestUser(stack, `bench-${randomBytes(4).toString('hex')}@example.com`);
  const { error } = await user.client
    .from('bench_items')
    .insert(Array.from({ length: 50 }, (_, i) => ({ title: `item ${i}`, done: i % 3 === 0 })));
  if (error) throw new Error(`bench fixture insert failed: ${error.message}`);

  const caller = { claims: { sub: user.id, role: 'authenticated' }, role: 'authenticated' };
  const info = { method: 'GET', path: '/bench', headers: {} };
  const direct = (sql: string) => () => asRole(stack.db, caller, info, (tx) => tx.query(sql));

  const select = await timeEach(async () => {
    const r = await user.client.from('bench_items').select('id,title,done').eq('done', false).order('id').limit(20);
    if (r.error) throw r.error;
  });
  const selectBase = await timeEach(
    direct(
      `select coalesce(json_agg(t), '[]')::text from (select id, title, done from public.bench_items where done = false order by id limit 20) t`,
    ),
  );
  rows.push({
    database,
    measure: 'REST select (20 rows, RLS)',
    median_ms: round(select.median),
    p95_ms: round(select.p95),
    baseline: 'same SQL, direct',
    baseline_median_ms: round(selectBase.median),
  });

  const rpc = await timeEach(async () => {
    const r = await user.client.rpc('bench_open_count');
    if (r.error) throw r.error;
  });
  const rpcBase = await timeEach(direct('select public.bench_open_count()'));
  rows.push({
    database,
    measure: 'RPC (scalar)',
    median_ms: round(rpc.median),
    p95_ms: round(rpc.p95),
    baseline: 'same call, direct',
    baseline_median_ms: round(rpcBase.median),
  });
}

async function main(): Promise<void> {
  const supabaseDir = resolve('supabase');
  const dataDir = await mkdtemp(join(tmpdir(), 'sidenote-bench-'));
  const rows: Row[] = [];
  const starts: Array<{ database: string; start: string; ms: number }> = [];
  try {
    const base = { supabaseDir, dataDir, apiPort: 0, inboxPort: 0 };
    const fresh = await timed(() => startStack(base));
    starts.push({ database: 'pglite', start: 'fresh data dir (bootstrap + migrations + seed)', ms: round(fresh.ms) });
    await fresh.value.stop();
    const restart = await timed(() => startStack(base));
    starts.push({ database: 'pglite', start: 'restart on existing data dir', ms: round(restart.ms) });
    await measureRequests(restart.value, 'pglite', rows);
    await restart.value.stop();

    const admin = new pg.Client({ connectionString: SERVER });
    const reachable = await admin.connect().then(
      () => true,
      () => false,
    );
    if (reachable) {
      const name = `sidenote_bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(SERVER);
      url.pathname = `/${name}`;
      try {
        const pgStart = await timed(() => startStack({ ...base, databaseUrl: url.toString() }));
        starts.push({
          database: 'postgres',
          start: 'empty database (bootstrap + migrations + seed)',
          ms: round(pgStart.ms),
        });
        await measureRequests(pgStart.value, 'postgres', rows);
        await pgStart.value.stop();
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    } else {
      console.log(`PostgreSQL not reachable at ${SERVER}: PostgreSQL figures not measured.`);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  console.log(`\nStack start (ms)`);
  console.table(starts);
  console.log(`Requests through the gateway, ${ROUNDS} sequential rounds each (ms)`);
  console.table(rows);
  console.log(JSON.stringify({ bench: 'local-stack', rounds: ROUNDS, starts, requests: rows }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
