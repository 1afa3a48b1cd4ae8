/**
 * A kind of job (Signal Desktop's JobQueue, ts/jobs/JobQueue.std.ts): its name, how to read its
 * data back (a zod schema: what the store holds was written by an older version, or damaged)
 * and how to run it. The queue (queue.ts) owns storage, backoff, leases and the loop.
 */
import type { z } from 'zod';
import type { Backoff } from '../../../shared/backoff';

/** How one run ended. */
export type JobResult =
  | { kind: 'done' }
  /** Run again later: after `afterMs`, or the type's backoff when not given. */
  | { kind: 'retry'; afterMs?: number }
  /** Never again; the reason stays with the job. */
  | { kind: 'failed'; reason: string };

export const done = (): JobResult => ({ kind: 'done' });
export const retry = (afterMs?: number): JobResult =>
  afterMs === undefined ? { kind: 'retry' } : { kind: 'retry', afterMs };
export const failed = (reason: string): JobResult => ({ kind: 'failed', reason });

export interface JobContext {
  /** This run's number, from 1. */
  attempt: number;
  /**
   * Runs of this job that began and never settled (their process died, or their lease ran out).
   * A job that must not run twice (an e-mail) looks here: the run before may have done it.
   */
  interrupted: number;
  /** A retry after this run would pass the type's time budget: it would end `failed`. */
  lastAttempt: boolean;
}

export interface JobType<T> {
  /** Stored with each job; never renamed once released (the store finds jobs by it). */
  name: string;
  schema: z.ZodType<T>;
  /**
   * One run. A run that throws counts as `retry()`: the error is logged, never the data.
   * The queue runs one job of the whole queue at a time.
   */
  run(data: T, context: JobContext): Promise<JobResult>;
  /** The wait before run n+1 when run n asked to retry without saying when. */
  backoff: Backoff;
  /** No run starts later than this after the job was created: the retry becomes `failed`. */
  budgetMs: number;
  /** Releases what the type holds (a transport) when the queue stops. */
  close?(): void;
}

/** The data as stored (JSON text), read with the type's schema; null when it does not parse. */
export function parseData<T>(type: JobType<T>, text: string): T | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = type.schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
