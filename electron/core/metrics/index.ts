/**
 * Prometheus metrics (counts and ages, never customer data) and their endpoint's config.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { coreMetricsSource } from './core-metrics';
export type { CoreMetrics } from './core-metrics';
export { createKioskHealth } from './kiosk-health';
export { metricsConfigFromFile, MetricsFile } from './metrics-config';
export type { MetricsConfig } from './metrics-config';
export { createMetricsExposition } from './prometheus';
export type { MetricsExposition } from './prometheus';
export { createSpeechVoices } from './speech-voices';
