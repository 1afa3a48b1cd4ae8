/** The counter's Kiosk tab (issue 41 part 3): counts only, never who. */
export const kioskDayEn = {
  title: 'The kiosk day',
  range: 'Range',
  ranges: { today: 'Today', week: 'Last 7 days', month: 'Last 30 days' },
  loading: 'Loading the counts…',
  exportCsv: 'Export CSV',
  exported: 'Saved as {{fileName}}',
  byDay: 'Sessions and bookings per day',
  byHour: 'Sessions and bookings per hour',
  funnel: 'How far customers got',
  table: 'The counts',
  when: 'Day or hour',
  started: 'Started',
  booked: 'Booked',
  abandoned: 'Abandoned',
  noTimeFound: 'No time found',
  waitlistJoined: 'Joined the waitlist',
  arrived: 'Arrivals',
  audio: 'Audio mode',
  reach: 'Reach mode',
  median: 'Median time to a booking',
  noMedian: 'no booking yet',
  step: 'Step',
  reached: 'Reached',
  leftHere: 'Left here',
  steps: {
    service: 'Service',
    day: 'Day',
    time: 'Time',
    details: 'Details',
    review: 'Review',
    booked: 'Booked',
  },
  total: 'All',
  languages: 'Languages',
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language fills: the same keys, any strings. */
export type KioskDayText = DeepStrings<typeof kioskDayEn>;
