/**
 * English strings: the source of every key. Each other language fills the same shape (its type
 * is derived from this object, and test/renderer/translations.test.ts names any key missing or
 * extra). Kept short: they are read on a touch screen.
 */
import { hubEn } from './hub/en';
import { accessEn } from './access/en';
import { customerEn } from './customer/en';
import { visitEn } from './visit/en';
import { staffEn } from './staff/en';

export const en = {
  app: {
    name: 'Frontdesk',
    loading: 'Loading…',
    unavailable: 'The booking service cannot be reached right now. Please ask at the desk.',
    retry: 'Try again',
    refused:
      'This screen was refused by the kiosk: its access key is wrong or out of date. Staff: open the kiosk again with the address it printed at start-up.',
  },
  toolbar: {
    language: 'Language',
    largeText: 'Larger text',
    highContrast: 'High contrast',
    staff: 'Staff',
  },
  steps: {
    label: 'Step {{current}} of {{total}}',
    service: 'Service',
    day: 'Day',
    time: 'Time',
    details: 'Your details',
    review: 'Check',
  },
  nav: { back: 'Back', next: 'Continue', cancel: 'Start over', done: 'Done' },
  start: {
    title: 'Book your appointment',
    subtitle: 'Choose a service, pick a time, done in under a minute.',
    touch: 'Touch to start',
    chooseLanguage: 'Choose your language',
    step1: 'Choose a service',
    step2: 'Pick a day and time',
    step3: 'Get your confirmation',
  },
  service: {
    title: 'What can we do for you?',
    choose: 'Choose',
    nextFree: 'Next free appointment',
    nextFreeSearching: 'Looking for the next free appointment…',
    nextFreeOffer: '{{day}} at {{time}} with {{employee}}',
    nextFreeTake: 'Take it',
    nextFreeNone: 'No free appointment in the coming weeks. Please choose a day.',
    empty: 'No services can be booked at the moment.',
  },
  day: {
    title: 'Which day suits you?',
    previous: 'Previous month',
    next: 'Next month',
    today: 'Today',
    available: 'available',
    none: 'No free days this month.',
    offlineSome:
      'The booking service cannot be reached right now. Only the days with a thick frame can be booked here at the moment; the others need the connection.',
    offlineNone:
      'The booking service cannot be reached right now, and no day of this month is stored on this kiosk. Please try another month or ask at the counter.',
    offlineMonth:
      'The booking service cannot be reached right now, and this month is not stored on this kiosk. Please choose a day in another month or ask at the counter.',
    backToThisMonth: 'Back to this month',
    withPerson: 'Days with {{name}}',
    anyPerson: 'Show the days with anyone',
  },
  time: {
    title: 'Pick a time',
    employee: 'With whom?',
    anyone: 'Anyone',
    morning: 'Morning',
    afternoon: 'Afternoon',
    evening: 'Evening',
    unavailable: 'taken',
    none: 'No free times on this day. Please pick another day.',
    slotTaken: 'Sorry, someone has just booked that time. Please choose another one.',
    slotGone: 'That time is no longer free. Please choose another one.',
    offlineDay:
      'The booking service cannot be reached right now, and the times of this day are not stored on this kiosk.',
    nearestDay: 'Show the nearest day that can be booked: {{date}}',
    noStoredDay:
      'No day can be booked here until the connection is back. Please ask at the counter.',
    personOff: 'not working that day',
    personBusy: 'no free time that day',
    personOffNotice:
      '{{name}} does not work on {{date}}. Please choose another day or another person.',
    personBusyNotice:
      '{{name}} has no free time left on {{date}}. Please choose another day or another person.',
    personDays: 'Show the days with {{name}}',
    personChosen: '{{name}} chosen. Free times: {{number}}.',
  },
  details: {
    title: 'Your details',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    notes: 'Notes (optional)',
    emailHint: 'We send your confirmation here.',
    errors: {
      required: 'Please fill this in.',
      email: 'Please enter a valid e-mail address, e.g. name@example.com.',
      phone: 'Please use digits, spaces and + ( ) - / only.',
      tooShort: 'This is too short.',
      tooLong: 'This is too long.',
    },
  },
  keyboard: { label: 'On-screen keyboard', next: 'next', hide: 'hide' },
  review: {
    title: 'Please check your booking',
    checking: 'Checking the time is still free…',
    stillFree: 'This time is still free.',
    heldForYou: 'This time is kept for you until {{time}}.',
    holdExpired:
      'This time is no longer kept for you: someone else may book it now. Press “Book now” to try, or go back and choose another time.',
    offline:
      'This time could not be checked live just now. If the connection is down, your booking is reserved here and sent as soon as it is back.',
    confirm: 'Book now',
    booking: 'Booking…',
    failed: 'The booking did not go through: {{message}}',
    edit: 'Change',
  },
  summary: {
    service: 'Service',
    employee: 'With',
    date: 'Date',
    time: 'Time',
    duration: 'Duration',
    price: 'Price',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    notes: 'Notes',
    timeRange: '{{start}} – {{end}}',
  },
  confirmation: {
    willMail: 'If it cannot be kept, we will e-mail you.',
    willCall: 'If it cannot be kept, the shop will call you.',
    title: 'You are booked!',
    number: 'Appointment number',
    emailSent: 'A confirmation has been sent to {{email}}.',
    emailNotSent: 'No e-mail was sent. Please keep this number or take a photo of the code.',
    qr: 'Scan to add the appointment to your phone’s calendar',
    print: 'Print receipt',
    showReceipt: 'Show receipt',
    queuedTitle: 'Your time is reserved',
    queuedBody:
      'The booking service cannot be reached right now. Your time is reserved here and will be confirmed as soon as the connection is back. Staff can see it under this reference.',
    reference: 'Reference',
    checkingTitle: 'We are checking your booking',
    checkingBody:
      'The booking service did not answer in time. Your booking may already be made: we are checking, and staff will confirm it. Please keep this reference.',
    queuedShort: 'not yet confirmed',
    finish: 'Finish',
  },
  receipt: {
    title: 'Appointment receipt',
    back: 'Back',
    printing: 'Printing…',
    thanks: 'Thank you. See you soon!',
    queued:
      'Reserved here, not yet confirmed by the booking service. Staff can find it under this reference.',
  },
  staffIdle: {
    title: 'Still working?',
    body: 'The staff area locks in {{seconds}} s. You will need the PIN again.',
    stay: 'Keep it open',
  },
  setup: {
    pendingTitle: 'This kiosk is being set up',
    pendingBody: 'Bookings open here soon. Please ask at the counter.',
    codeTitle: 'Set up this kiosk',
    codePrompt: 'Enter the setup code shown when the kiosk started (for example ABCD-2345).',
  },
  idle: {
    title: 'Are you still there?',
    body: 'For your privacy this screen and your details will be cleared in {{seconds}} s.',
    stay: 'I’m still here',
  },
  staff: {
    title: 'Staff',
    pinTitle: 'Staff PIN',
    pinPrompt: 'Enter the staff PIN',
    pinSetTitle: 'Choose a staff PIN',
    pinSetPrompt: 'First start: choose a PIN of 4 to 12 digits for the staff area.',
    pinConfirm: 'Enter the same PIN again',
    pinMismatch: 'The two PINs differ. Please start again.',
    pinWrong: 'Wrong PIN.',
    codeLockedOut: 'Too many wrong setup codes. Please try again in {{seconds}} s.',
    pinLockedOut: 'Too many wrong PINs. Please try again in {{seconds}} s.',
    failedPins:
      'Wrong PIN entries on this screen since the last staff login: {{number}}. If that was not you, someone may be guessing the PIN.',
    pinInvalid: 'The PIN must have 4 to 12 digits.',
    pinSetPromptDemo: 'Demo: choose a PIN of 4 to 12 digits for the staff area.',
    recoveryUse: 'Use the recovery code',
    recoveryPrompt:
      'Enter the recovery code IT keeps for this kiosk (or, before the first PIN, the setup code).',
    recoveryWrong: 'This recovery code is not right.',
    recoveryLockedOut: 'Too many wrong recovery codes. Please try again in {{seconds}} s.',
    recoveryBack: 'Back to the PIN',
    setupCodeWrong: 'This setup code is not right. Please check it and try again.',
    demo: 'Demo mode: this kiosk books with built-in demo data. Enter your booking service in Settings to go live.',
    unlock: 'Unlock',
    clear: 'Clear',
    delete: 'Delete digit',
    leave: 'Back to kiosk',
    lock: 'Lock',
    tabs: {
      kiosk: 'Kiosk',
      today: 'Today',
      booking: 'New booking',
      outbox: 'Bookings',
      settings: 'Settings',
      screens: 'Screens',
    },
  },
  status: {
    online: 'Online',
    notKnown: 'Not known yet: no contact with the API since the start',
    offline: 'Offline',
    problems: 'The API has problems',
    paused: 'Paused: the API refused the key',
    lastSync: 'Last sync {{time}}',
    never: 'never synced',
    queued: '{{count}} queued',
    unknown: '{{count}} to check',
    refused: '{{count}} refused: contact the customer',
    budget: 'API budget {{remaining}} / {{limit}}',
    budgetLeft:
      'API requests left: {{minute}} of {{minuteLimit}} this minute, {{day}} of {{dayLimit}} today',
    diskFull: 'Disk full: bookings cannot be stored. Free disk space (see docs/deploy.md).',
    embedded: 'demo data',
    syncNow: 'Sync now',
    syncing: 'Syncing…',
    offlineReasons: {
      connect: 'The booking service cannot be reached (no connection).',
      timeout: 'The booking service does not answer in time.',
      reset: 'The connection to the booking service breaks off.',
      other: 'The booking service cannot be reached.',
    },
    report: {
      sent_one: 'Online again: {{count}} booking sent.',
      sent_other: 'Online again: {{count}} bookings sent.',
      onlineWaiting_one: 'Online: {{count}} booking is waiting for its next try.',
      onlineWaiting_other: 'Online: {{count}} bookings are waiting for their next try.',
      upToDate: 'Online: everything is up to date.',
      offline: 'Still offline. {{why}}',
      offlineWaiting_one:
        'Still offline. {{why}} {{count}} booking waits and is sent by itself when the connection is back.',
      offlineWaiting_other:
        'Still offline. {{why}} {{count}} bookings wait and are sent by themselves when the connection is back.',
      keyRefused: 'The booking service refused the API key. Please check the key in Settings.',
    },
  },
  appInfo: {
    version: 'Version {{version}}',
    downloading: 'Downloading update {{version}}',
    ready: 'Update {{version}} installs when the kiosk is idle',
    saveDiagnostics: 'Save diagnostics',
    saved: 'Diagnostics saved to {{path}}',
    saveFailed: 'Diagnostics could not be saved.',
  },
  ...staffEn,
  errors: {
    invalid_input: 'Some information is not valid.',
    invalid_request: 'This time cannot be booked.',
    not_found: 'This service or person is no longer available.',
    slot_taken: 'This time has just been taken.',
    unauthorized: 'Not allowed.',
    config: 'The kiosk is not set up correctly. Please ask staff.',
    unavailable: 'The booking service cannot be reached.',
    storage_full:
      "The booking could not be stored: the kiosk's disk is full. Nothing was booked. Please ask staff.",
    setup_required: 'This kiosk is not set up yet. Please ask staff.',
    not_available: 'This is not available right now. Please try again later or ask at the desk.',
    internal: 'Something went wrong. Please try again.',
  },
  // Issue 9 part B: the staff bookings list, the counter booking screen and the shop profile.
  shop: {
    welcomeDefault: 'Book your appointment here, in a minute.',
    section: 'Shop profile',
    name: 'Shop name',
    address: 'Address',
    phone: 'Phone',
    accentColor: 'Accent colour',
    welcome: 'Welcome line',
    welcomeLanguage: 'Language of the welcome line',
    welcomeHint:
      'One text per language; a customer whose language has none sees the {{language}} one.',
    logoByIt: 'The logo is set by IT in the machine configuration.',
    calendarAt: '{{service}} at {{shop}}',
  },
  hub: hubEn,
  visit: visitEn,
  customer: customerEn,
  access: accessEn,
};

/** The shape every language must fill: same keys, any strings. */
export type Resources = DeepStrings<typeof en>;
/** A language's own file: all but staff's strings, which come when the staff area opens. */
export type LanguageStrings = Omit<Resources, keyof typeof staffEn>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
