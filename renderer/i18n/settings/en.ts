/**
 * Strings of staff's Settings tab, one file per language: English is bundled with the rest of
 * English (`settings: ...` in en.ts), the others are fetched when Settings opens (load.ts), not
 * with the customer's first screen. English is the source of the keys.
 */
export const settingsEn = {
  printer: 'Receipt printer',
  printerNone: 'None: the receipt stays on screen',
  printerNotListed: '{{name}} (not listed by this computer)',
  printerBrowser:
    'This screen runs in a browser: receipts print with its print dialog, so there is no printer to choose here.',
  title: 'Settings',
  upstreamUrl: 'Booking API address',
  upstreamHint: 'Leave empty to run with the built-in demo data.',
  apiKey: 'API key',
  apiKeySet: 'A key is set. Type a new one to replace it.',
  apiKeyNotSet: 'No key set.',
  apiKeySetByIt: 'A key is set.',
  mode: 'Mode',
  modeKiosk: 'Kiosk (customers, touch)',
  modeCounter: 'Counter (staff, keyboard)',
  idleTimeout: 'Idle timeout (seconds)',
  language: 'Default language',
  languageAuto: 'Automatic (browser language)',
  newPin: 'New staff PIN (optional)',
  currentPin: 'Current staff PIN (to change it or the upstream host)',
  pinSetByIt: 'The staff PIN is set by IT.',
  staffIdleTimeout: 'Staff area locks after (seconds)',
  retentionDays: 'Keep customer details of finished bookings (days)',
  retentionHint:
    'After this, name, e-mail, phone and notes are erased; the reference and times stay.',
  apiKeyFromFile:
    'IT gives this key in a protected file; the kiosk keeps a copy only its user account can read.',
  apiKeyPlain:
    'This computer has no secure key store: the key is saved unencrypted. IT can pass it as a protected file instead.',
  save: 'Save',
  saved: 'Saved.',
  invalid: 'Please check the marked fields.',
  contentLanguage: "Language of the shop's texts (e.g. de, de-AT)",
  country: 'Country for phone numbers (e.g. DE, AT)',
  errors: {
    url: 'Please enter an address starting with https://, e.g. https://api.example.com.',
    apiKey: 'The API key is too long (at most 500 characters).',
    range: 'Please enter a whole number from {{min}} to {{max}}.',
    pin: 'A PIN has 4 to 12 digits.',
    currentPin: 'Please enter the current PIN to change it.',
    value: 'Please check this value.',
  },
  lockedByIt: 'Set by IT',
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language fills: the same keys, any strings. */
export type SettingsText = DeepStrings<typeof settingsEn>;
