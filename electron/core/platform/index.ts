/**
 * What every room needs from the machine: the clock, the log, the data folder, secret and
 * atomic files, a full disk, loops and the service list.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export {
  replaceFileAtomically,
  writeFileAtomically,
  writeFileAtomicallyAsync,
} from './atomic-file';
export { monotonicNow, sleep, systemClock } from './clock';
export type { Clock } from './clock';
export { BACKUP_FOLDER, createPrivateFile, secureDataFolder } from './data-folder';
export { checkWriteFault, isDiskFull, setWriteFault } from './disk-full';
export { createLogger, describeError, redact } from './log';
export type { Logger, LogSink } from './log';
export { createRotatingLogFile } from './log-file';
export { QUIET_EVERY_MS, quietRepeats } from './log-quiet';
export { createLoop, LOOP_BACKOFF } from './loop';
export type { NextRun } from './loop';
export { readSecretFile } from './secret-file';
export { serviceList } from './services';
export { createDomainEvents } from './domain-events';
export type { DomainEmitter, DomainEvents } from './domain-events';
