/**
 * Strings of the customer's details and confirmation added in issue 28 (names, the e-mail
 * promise, a visit's total), one file per language (each language file takes its own, `customer: ...`), so that a
 * language's chunk carries only its own: the first screen's budget (bench/RESULTS.md, issue 31).
 * English is the source of the keys.
 */
export const customerEn = {
  /** A field's error, shown and announced with the field's name first (issue 38). */
  fieldError: '{{field}}: {{message}}',
  nameShort: 'Please enter your name (at least 2 characters).',
  nameLetter: 'Please enter your name with at least one letter.',
  phoneNumber: 'Please enter a complete phone number; from abroad with + and the country code.',
  nameMax: 'A name can have up to {{max}} characters; the rest is left out.',
  emailHintDemo: 'This demo sends no e-mail: at the end you get a number and a code to photograph.',
  emailNotSentDemo:
    'This demo sends no e-mail. Please keep this number or take a photo of the code.',
  visitTotal: 'Together: {{duration}} · {{price}}',
};

export type CustomerText = { [K in keyof typeof customerEn]: string };
