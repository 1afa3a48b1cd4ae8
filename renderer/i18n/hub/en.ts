/**
 * Strings of the hub: pairing a screen and the Screens tab, one file per language (each language file takes its own, `hub: ...`), so that a
 * language's chunk carries only its own: the first screen's budget (bench/RESULTS.md, issue 31).
 * English is the source of the keys.
 */
export const hubEn = {
  pairTitle: 'Connect this screen',
  pairBody: 'Ask staff for a code: on a screen of the shop, Staff → Screens → Add a screen.',
  code: 'Code',
  name: 'Name of this screen',
  role: 'This screen is for',
  roleKiosk: 'Customers (kiosk)',
  roleCounter: 'Staff (counter)',
  connect: 'Connect',
  connecting: 'Connecting…',
  codeDigits: 'The code is 6 digits: letters and other signs are left out.',
  wrongCode: 'This code is not right or has expired. Ask staff for a new one.',
  locked: 'Too many wrong codes. Ask staff for a new code.',
  removed: 'This screen was removed from the shop',
  removedBody: 'Staff can connect it again with a new code.',
  unreachable:
    "This screen cannot reach the shop's main computer right now. It will come back by itself in a moment.",
  awayTitle: "The shop's computer cannot be reached just now",
  askCounter: 'Please ask at the counter.',
  add: 'Add a screen',
  addBody:
    'On the new screen, open this address (or scan the code) and enter the code within 2 minutes.',
  expires: 'Code valid for {{seconds}} s',
  expired: 'The code has expired.',
  fingerprint: 'Certificate fingerprint (SHA-256)',
  colName: 'Name',
  colRole: 'Role',
  colAddress: 'Address',
  colLast: 'Last contact',
  kiosk: 'Kiosk',
  counter: 'Counter',
  remove: 'Remove',
  none: 'No other screens yet.',
  notHub:
    'This kiosk works on its own: no other screens use it. To let tablets or a second counter book through it, IT makes this computer the shop\'s main computer ("hub" in the machine configuration, see the deploy guide).',
  joined: '“{{name}}” is connected.',
};

export type HubText = { [K in keyof typeof hubEn]: string };
