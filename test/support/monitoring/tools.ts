/** Prometheus's binaries as the monitoring tests run them: Debian's, unless named. */
export const PROMETHEUS_BIN = process.env.PROMETHEUS ?? '/usr/bin/prometheus';
export const PROMTOOL_BIN = process.env.PROMTOOL ?? '/usr/bin/promtool';
