/**
 * The running edge functions: one Deno process per function — or `instances(name)` of them,
 * taking requests in turn, as hosted Supabase runs a busy function in several instances that
 * share nothing but the database (tests of what instances must share) — each started on its
 * first request (a cached cold start is ~70–100 ms, so starting every function with the stack
 * would only cost memory) and kept for the life of the stack.
 *
 * What must stay true:
 * - concurrent first requests share one boot; a worker that has died is replaced on the next
 *   request, so one crash does not take the function down for good;
 * - when a file under `supabase/functions` changes (code, deno.json, `.env`), running workers
 *   are retired — each stops once its in-flight requests finish — and the next request boots
 *   the new code, as `supabase functions serve` reloads;
 * - after `stop()` no worker is left running and none is started.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { FunctionSource } from './project.ts';
import { BootError, FunctionWorker, type WorkerSpec } from './worker.ts';

/** How the pool turns a function's source into a worker spec (environment, permissions). */
export type SpecFor = (source: FunctionSource) => Promise<WorkerSpec>;

/** How many instances of a function take requests in turn (1 unless a test asks for more). */
export type InstancesOf = (name: string) => number;

const BOOT_ATTEMPTS = 2;
const IGNORED_CHANGES = /(^|[\\/])(deno\.lock|node_modules)([\\/]|$)/;

export class WorkerPool {
  /** By instance: `<function name>#<instance index>`. */
  private readonly workers = new Map<string, Promise<FunctionWorker>>();
  /** Requests routed so far, by function name: the next instance is this modulo the instances. */
  private readonly turns = new Map<string, number>();
  private readonly retired = new Set<FunctionWorker>();
  private watcher: FSWatcher | undefined;
  private stopped = false;

  constructor(
    private readonly specFor: SpecFor,
    functionsDir: string,
    private readonly instancesOf: InstancesOf = () => 1,
  ) {
    try {
      this.watcher = watch(functionsDir, { recursive: true }, (_event, file) => {
        if (file && !IGNORED_CHANGES.test(file)) this.retireAll();
      });
      this.watcher.on('error', () => this.watcher?.close());
    } catch {
      // No reload on change where the platform cannot watch recursively; serving still works.
    }
  }

  /**
   * The running worker of a function, booting it if needed, counted as serving one more
   * request until `release()`; throws `BootError`.
   */
  async acquire(source: FunctionSource): Promise<FunctionWorker> {
    const turn = this.turns.get(source.name) ?? 0;
    this.turns.set(source.name, turn + 1);
    const instance = `${source.name}#${turn % Math.max(1, this.instancesOf(source.name))}`;
    for (;;) {
      if (this.stopped) throw new BootError('the functions service has stopped');
      let pending = this.workers.get(instance);
      if (!pending) {
        const booting = this.boot(source);
        booting.catch(() => {
          if (this.workers.get(instance) === booting) this.workers.delete(instance);
        });
        this.workers.set(instance, booting);
        pending = booting;
      }
      const worker = await pending;
      if (worker.alive) {
        worker.inflight += 1;
        return worker;
      }
      if (this.workers.get(instance) === pending) this.workers.delete(instance);
    }
  }

  /** Marks the end of a request to `worker` (retired workers stop after their last one). */
  release(worker: FunctionWorker): void {
    worker.inflight -= 1;
    if (worker.inflight === 0 && this.retired.delete(worker)) void worker.stop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.watcher?.close();
    const running = [...this.workers.values()];
    this.workers.clear();
    const workers = await Promise.all(running.map((w) => w.catch(() => undefined)));
    const all = [...workers, ...this.retired].filter((w): w is FunctionWorker => w !== undefined);
    this.retired.clear();
    await Promise.all(all.map((w) => w.stop()));
  }

  private retireAll(): void {
    const running = [...this.workers.values()];
    this.workers.clear();
    for (const pending of running) {
      void pending
        .then((worker) => {
          if (worker.inflight === 0) return worker.stop();
          this.retired.add(worker);
        })
        .catch(() => undefined);
    }
  }

  private async boot(source: FunctionSource): Promise<FunctionWorker> {
    for (let attempt = 1; ; attempt++) {
      const spec = await this.specFor(source);
      try {
        const worker = await FunctionWorker.start(spec);
        if (this.stopped) {
          await worker.stop();
          throw new BootError('the functions service has stopped');
        }
        return worker;
      } catch (error) {
        // The free port we picked may have been taken before Deno bound it: try another.
        const portTaken = error instanceof BootError && /AddrInUse|address already in use/i.test(error.stderr);
        if (!portTaken || attempt >= BOOT_ATTEMPTS) throw error;
      }
    }
  }
}
