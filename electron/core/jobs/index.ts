/**
 * The one durable job queue: kinds of jobs, the store interface (its SQLite store is
 * db/job-store.ts), the loop (the backoff is shared/backoff.ts).
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { done, failed, retry } from './job';
export type { JobContext, JobResult, JobType } from './job';
export { createJobQueue } from './queue';
export type { JobHandle, JobQueue } from './queue';
export type { JobRecord, JobStore } from './store';
