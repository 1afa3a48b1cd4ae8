import { describe, expect, it } from 'vitest';
import { metricNamesIn } from '../../support/monitoring/promql-names';

describe('metricNamesIn', () => {
  it.each([
    ['frontdesk_api_online == 0', ['frontdesk_api_online']],
    ['count(frontdesk_api_online{shop=~"$shop"} == 0) or vector(0)', ['frontdesk_api_online']],
    [
      'frontdesk_api_budget_used{window="day"} / frontdesk_api_budget_limit{window="day"} > 0.9',
      ['frontdesk_api_budget_used', 'frontdesk_api_budget_limit'],
    ],
    ['frontdesk_disk_free_bytes < 500e6', ['frontdesk_disk_free_bytes']],
    [
      'frontdesk_screens_connected == 0 and max_over_time(frontdesk_screens_connected[1h]) > 0',
      ['frontdesk_screens_connected'],
    ],
    [
      'frontdesk_version_ordinal < on() group_left() max(frontdesk_version_ordinal)',
      ['frontdesk_version_ordinal'],
    ],
    ['sum by (shop, state) (frontdesk_bookings{shop=~"$shop"})', ['frontdesk_bookings']],
    ['frontdesk:shops_offline:count', ['frontdesk:shops_offline:count']],
    ['up{job="frontdesk"} == 0', ['up']],
  ])('%s', (expr, names) => {
    expect(metricNamesIn(expr).sort()).toEqual([...names].sort());
  });
});
