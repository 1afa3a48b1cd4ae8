/**
 * The on-screen keyboard's layouts. Text follows the screen's language (QWERTZ for German,
 * QWERTY for English, Turkish Q, Polish with its nine letters on keys, Ukrainian ЙЦУКЕН, Arabic
 * PC); Ukrainian and Arabic switch to Latin letters with `{script}`, and every Latin layer opens
 * accented letters with `{accents}`, so that any customer's name can be typed. E-mail and phone
 * have layouts of their own, the same in every language.
 */
import { languageFacts, type LanguageCode } from '../../shared/languages';

/** `code`: addresses, keys and codes that staff type (URL, API key): Latin, digits and signs. */
export type KeyboardKind = 'text' | 'email' | 'phone' | 'code';
/** `own`: the language's letters; `latin`: QWERTY (Ukrainian, Arabic); `accents`: à, ç, ł, ş… */
export type TextLayer = 'own' | 'latin' | 'accents';
export type KeyboardLayout = { default: string[]; shift: string[] };

const DIGITS = '1 2 3 4 5 6 7 8 9 0 {bksp}';

/** Letter rows, lower case then upper case. */
interface Letters {
  lower: string[];
  upper: string[];
}

const upper = (rows: string[]): string[] =>
  rows.map((row) => row.toUpperCase().replace('{SHIFT}', '{shift}'));

const QWERTY: Letters = (() => {
  const lower = ['q w e r t y u i o p', 'a s d f g h j k l', "{shift} z x c v b n m - '"];
  return { lower, upper: upper(lower) };
})();

const OWN_LETTERS: Record<LanguageCode, Letters> = {
  en: QWERTY,
  de: (() => {
    const lower = ['q w e r t z u i o p ü', 'a s d f g h j k l ö ä', "{shift} y x c v b n m - ' ß"];
    // ß has no capital in names; it stays on the shifted layer too.
    return { lower, upper: upper(lower).map((row) => row.replace('SS', 'ß')) };
  })(),
  // Turkish Q: ı and i are two letters; their capitals are I and İ (toUpperCase would not know).
  tr: {
    lower: ['q w e r t y u ı o p ğ ü', 'a s d f g h j k l ş i', '{shift} z x c v b n m ö ç -'],
    upper: ['Q W E R T Y U I O P Ğ Ü', 'A S D F G H J K L Ş İ', '{shift} Z X C V B N M Ö Ç -'],
  },
  // Polish programmer's QWERTY, with the letters AltGr would give on keys of their own.
  pl: (() => {
    const lower = [
      'q w e r t y u i o p',
      'a s d f g h j k l',
      '{shift} z x c v b n m -',
      'ą ć ę ł ń ó ś ź ż',
    ];
    return { lower, upper: upper(lower) };
  })(),
  uk: (() => {
    const lower = [
      'й ц у к е н г ш щ з х ї',
      'ф і в а п р о л д ж є ґ',
      "{shift} я ч с м и т ь б ю ' -",
    ];
    return { lower, upper: upper(lower) };
  })(),
  // Arabic (PC layout) has no capitals; the hamza forms of alef sit on the third row.
  ar: (() => {
    const lower = [
      'ض ص ث ق ف غ ع ه خ ح ج د',
      'ش س ي ب ل ا ت ن م ك ط ذ',
      'ئ ء ؤ ر لا ى ة و ز ظ أ إ آ',
    ];
    return { lower, upper: lower };
  })(),
};

const ACCENTS: Letters = {
  lower: [
    'à á â ä ã å æ ç č ć',
    'ď è é ê ë ę ě ğ ì í',
    'î ï ı ł ñ ń ň ò ó ô',
    'ö õ ø œ ř ś š ş ß ť',
    'ù ú û ü ů ý ÿ ž ź ż',
  ],
  // İ sits above ı: the Turkish capital a name may need (a plain I is on the main layer).
  upper: [
    'À Á Â Ä Ã Å Æ Ç Č Ć',
    'Ď È É Ê Ë Ę Ě Ğ Ì Í',
    'Î Ï İ Ł Ñ Ń Ň Ò Ó Ô',
    'Ö Õ Ø Œ Ř Ś Š Ş ß Ť',
    'Ù Ú Û Ü Ů Ý Ÿ Ž Ź Ż',
  ],
};

/** Languages written in another script than Latin get the Latin switch (e-mail addresses). */
function nonLatin(language: LanguageCode): boolean {
  return languageFacts(language).script !== 'latin';
}

/** The label of the switch back to a language's own letters. */
export function scriptLabel(language: LanguageCode): string {
  return languageFacts(language).scriptLabel;
}

/** The layers a language's text keyboard offers, in switching order. */
export function textLayers(language: LanguageCode): TextLayer[] {
  return nonLatin(language) ? ['own', 'latin', 'accents'] : ['own', 'accents'];
}

export function textLayout(language: LanguageCode, layer: TextLayer): KeyboardLayout {
  const letters = layer === 'own' ? OWN_LETTERS[language] : layer === 'latin' ? QWERTY : ACCENTS;
  const otherScript = nonLatin(language);
  // {script}: own <-> Latin letters; {accents}: accented letters and back (Latin layers only).
  const bottom = [
    otherScript ? '{script}' : '',
    layer === 'own' && otherScript ? '' : '{accents}',
    ', {space} . {enter}',
  ]
    .filter(Boolean)
    .join(' ');
  const withShift = (rows: string[]): string[] =>
    // The accents layer has no {shift} of its own: it gets one at the start of its last row.
    layer === 'accents'
      ? rows.map((row, index) => (index === rows.length - 1 ? `{shift} ${row}` : row))
      : rows;
  return {
    default: [DIGITS, ...withShift(letters.lower), bottom],
    shift: [DIGITS, ...withShift(letters.upper), bottom],
  };
}

/** Common address endings; the language adds its own country's. */
const DOMAINS: Record<LanguageCode, string[]> = {
  de: [],
  en: ['.co.uk'],
  tr: ['.com.tr'],
  pl: ['.pl'],
  uk: ['.ua'],
  ar: ['.net'],
};

/** The e-mail keys: Latin letters (QWERTZ in German), big @ . - _ + and domain keys. */
export function emailLayout(language: LanguageCode): KeyboardLayout {
  const letters =
    language === 'de'
      ? ['q w e r t z u i o p', 'a s d f g h j k l', 'y x c v b n m']
      : ['q w e r t y u i o p', 'a s d f g h j k l', 'z x c v b n m'];
  const rows = [
    DIGITS,
    ...letters,
    '@ . - _ +',
    [...'.com .de gmail.com'.split(' '), ...DOMAINS[language], '{enter}'].join(' '),
  ];
  return { default: rows, shift: rows };
}

export const EMAIL_LARGE_KEYS = '@ . - _ +';
export const emailDomainKeys = (language: LanguageCode): string =>
  ['.com', '.de', 'gmail.com', ...DOMAINS[language]].join(' ');

/** Staff's URLs, API keys and setup codes: the same keys in every language, with shift. */
export const CODE_LAYOUT: KeyboardLayout = {
  default: [DIGITS, ...QWERTY.lower, ': / . _ @ + = ? #', 'https:// .com {enter}'],
  shift: [DIGITS, ...QWERTY.upper, ': / . _ @ + = ? #', 'https:// .com {enter}'],
};

export const PHONE_LAYOUT: KeyboardLayout = (() => {
  const rows = ['1 2 3 {bksp}', '4 5 6 +', '7 8 9 /', '( 0 ) -', '{space} {enter}'];
  return { default: rows, shift: rows };
})();
