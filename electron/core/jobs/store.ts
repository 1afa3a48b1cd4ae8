/**
 * Where jobs are kept: the store interface, and the memory store that tests use. The SQLite
 * store of the product is db/job-store.ts; test/support/core/job-store-contract.ts holds both
 * to the same behaviour.
 *
 * A job is `queued` (due at `runAt`), `running` (claimed until `leaseUntil`), `done` or
 * `failed`. A claim is on disk before the run starts; a claim whose lease ran out belongs to a
 * run that never settled (its process died): it is due again, and counted in `interrupted`.
 */
export interface JobRecord {
  id: string;
  type: string;
  /** At most one job per type and key, ever (an e-mail per booking); null: no key. */
  key: string | null;
  /** JSON text, read back with the type's schema. */
  data: string;
  /** As stored: a damaged row may hold anything here. */
  state: string;
  /** Runs started (claims). */
  attempts: number;
  /** Runs started that never settled. */
  interrupted: number;
  runAt: number;
  leaseUntil: number | null;
  /** Why it failed. */
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}

export type NewJob = Pick<JobRecord, 'id' | 'type' | 'key' | 'data' | 'runAt' | 'createdAt'>;

/** How a claimed run ended, as stored. */
export type JobSettlement =
  { state: 'done' } | { state: 'queued'; runAt: number } | { state: 'failed'; reason: string };

export interface ClaimOptions {
  types: readonly string[];
  now: number;
  leaseMs: number;
  limit: number;
  /** Jobs this process runs right now: never claimed twice, whatever their lease says. */
  skip?: ReadonlySet<string>;
}

export interface JobStore {
  /** Adds a queued job; false (nothing written) when its type already has a job with its key. */
  insert(job: NewJob): boolean;
  /**
   * Claims up to `limit` due jobs of `types`, soonest due first (then oldest, then as enqueued): queued
   * with `runAt <= now`, or running with `leaseUntil <= now` (then `interrupted` + 1). Each is
   * `running` with `attempts` + 1 and `leaseUntil = now + leaseMs`, durably, before this returns.
   */
  claimDue(options: ClaimOptions): JobRecord[];
  /**
   * Ends the claim of run `attempt`; false (nothing written) when the job is no longer running
   * under that claim (another process claimed it after the lease ran out).
   */
  settle(id: string, attempt: number, settlement: JobSettlement, now: number): boolean;
  /** When the next job of `types` falls due (its runAt, or its lease's end); null: none. */
  nextDueAt(types: readonly string[]): number | null;
  /**
   * Every lease ends at `now`; returns how many. At start: one process owns the database, so
   * every claim left is of a process that died.
   */
  expireLeases(now: number): number;
  get(id: string): JobRecord | null;
  /** The jobs of `type` with these keys. */
  list(type: string, keys: readonly string[]): JobRecord[];
}

/** When a job falls due: queued at its runAt, running at its lease's end; never otherwise. */
function dueAt(job: Pick<JobRecord, 'state' | 'runAt' | 'leaseUntil'>): number | null {
  if (job.state === 'queued') return job.runAt;
  if (job.state === 'running') return job.leaseUntil;
  return null;
}

/**
 * The order claims take: soonest due, then oldest, then as enqueued (the sort is stable and the
 * map keeps insertion order; ids are random, so two jobs of one instant run in their order).
 */
function claimOrder(a: JobRecord, b: JobRecord): number {
  return (dueAt(a) ?? 0) - (dueAt(b) ?? 0) || a.createdAt - b.createdAt;
}

export function createMemoryJobStore(): JobStore {
  const jobs = new Map<string, JobRecord>();
  const copy = (job: JobRecord): JobRecord => ({ ...job });
  return {
    insert(job) {
      if (jobs.has(job.id)) return false;
      for (const other of jobs.values())
        if (job.key !== null && other.type === job.type && other.key === job.key) return false;
      jobs.set(job.id, {
        ...job,
        state: 'queued',
        attempts: 0,
        interrupted: 0,
        leaseUntil: null,
        reason: null,
        updatedAt: job.createdAt,
      });
      return true;
    },
    claimDue({ types, now, leaseMs, limit, skip }) {
      const due = [...jobs.values()]
        .filter((job) => types.includes(job.type) && !skip?.has(job.id))
        .filter((job) => {
          const at = dueAt(job);
          return at !== null && at <= now;
        })
        .sort(claimOrder)
        .slice(0, Math.max(0, limit));
      return due.map((job) => {
        if (job.state === 'running') job.interrupted += 1;
        job.state = 'running';
        job.attempts += 1;
        job.leaseUntil = now + leaseMs;
        job.updatedAt = now;
        return copy(job);
      });
    },
    settle(id, attempt, settlement, now) {
      const job = jobs.get(id);
      if (!job || job.state !== 'running' || job.attempts !== attempt) return false;
      job.state = settlement.state;
      job.leaseUntil = null;
      if (settlement.state === 'queued') job.runAt = settlement.runAt;
      if (settlement.state === 'failed') job.reason = settlement.reason;
      job.updatedAt = now;
      return true;
    },
    nextDueAt(types) {
      let next: number | null = null;
      for (const job of jobs.values()) {
        const at = types.includes(job.type) ? dueAt(job) : null;
        if (at !== null && (next === null || at < next)) next = at;
      }
      return next;
    },
    expireLeases(now) {
      let count = 0;
      for (const job of jobs.values())
        if (job.state === 'running' && (job.leaseUntil ?? 0) > now) {
          job.leaseUntil = now;
          job.updatedAt = now;
          count += 1;
        }
      return count;
    },
    get: (id) => {
      const job = jobs.get(id);
      return job ? copy(job) : null;
    },
    list: (type, keys) =>
      [...jobs.values()]
        .filter((job) => job.type === type && job.key !== null && keys.includes(job.key))
        .map(copy),
  };
}
