import type { LanguageCode } from '../../shared/languages';

/**
 * What audio mode says of its own (issue 31), in all six languages. Apart from the i18next
 * strings: audio mode is a chunk loaded when first used, and so are its words (the first
 * screen's budget, bench/RESULTS.md). `satisfies` below makes a missing language or key a
 * compile error, as the typed i18next keys do for the screens.
 */
export type HelpScreen =
  'start' | 'service' | 'day' | 'time' | 'details' | 'review' | 'done' | 'other';

export interface SpeechText {
  welcome: string;
  welcomeTouch: string;
  /** On screen, when the platform has no voice for the screen's language. */
  noVoice: string;
  chosen: string;
  textField: string;
  empty: string;
  filled: string;
  nothingEntered: string;
  faster: string;
  slower: string;
  keys: { bksp: string; shift: string; space: string; script: string; accents: string };
  help: Record<HelpScreen, string>;
  /** The start button, to a keypad user (its label says "Touch"). */
  startButton: string;
  /** Back on the start screen with the start button in focus: where, and what Enter does. */
  startScreen: string;
  /** Enter on the language already chosen. */
  languageChosen: (language: string) => string;
  /** The idle reset ended the session: said as audio mode ends with it. */
  sessionEnded: string;
}

const KEYS_HELP_EN =
  'Arrow keys or Tab move, Enter chooses, Escape goes back, Home repeats, End reads your details, plus and minus change the speed, F1 gives help.';

const en: SpeechText = {
  welcome: `Audio mode is on. ${KEYS_HELP_EN}`,
  welcomeTouch:
    'Audio mode is on. Touch the screen to hear what is under your finger, tap twice to choose it, swipe with two fingers to go back.',
  noVoice: 'This kiosk has no voice for this language. Please choose another language.',
  chosen: 'chosen',
  textField: 'text field',
  empty: 'empty',
  filled: 'filled; press End to hear it',
  nothingEntered: 'Nothing entered yet.',
  faster: 'Faster',
  slower: 'Slower',
  keys: {
    bksp: 'delete',
    shift: 'capital letters',
    space: 'space',
    script: 'other letters',
    accents: 'accents',
  },
  help: {
    start: `Start screen. The first button starts a booking; the buttons after it choose your language. ${KEYS_HELP_EN}`,
    service: 'Choose a service: move with the arrow keys, press Enter to choose.',
    day: 'Choose a day: left and right move by one day, up and down by one week, Enter chooses. Tab reaches the next month.',
    time: 'Choose a time: move with the arrow keys, Enter chooses. You can also choose the person first.',
    details:
      'Type your name, e-mail and phone number on the keyboard; the arrow keys move to the next field. Press Enter when done. Press End to hear what you typed.',
    review:
      'Check your booking and press Enter on the booking button. Press End to hear your details.',
    done: 'Your booking is done. The number and time were said; Home repeats them. The last button ends.',
    other: KEYS_HELP_EN,
  },
  startButton: 'Start a booking: press Enter.',
  startScreen:
    'Start screen. Press Enter to start a booking, or move down to choose your language.',
  languageChosen: (language) =>
    `${language} is chosen. Move up to the first button and press Enter to start a booking.`,
  sessionEnded:
    'Your session has ended and what you entered is cleared. Press any key to turn audio mode on again.',
};

const KEYS_HELP_DE =
  'Pfeiltasten oder Tab bewegen, Enter wählt, Escape geht zurück, Pos1 wiederholt, Ende liest Ihre Angaben vor, Plus und Minus ändern das Tempo, F1 gibt Hilfe.';

const de: SpeechText = {
  welcome: `Die Sprachausgabe ist an. ${KEYS_HELP_DE}`,
  welcomeTouch:
    'Die Sprachausgabe ist an. Berühren Sie den Bildschirm, um zu hören, was unter Ihrem Finger ist, tippen Sie zweimal zum Wählen, wischen Sie mit zwei Fingern, um zurückzugehen.',
  noVoice:
    'Für diese Sprache hat dieses Terminal keine Stimme. Bitte wählen Sie eine andere Sprache.',
  chosen: 'gewählt',
  textField: 'Eingabefeld',
  empty: 'leer',
  filled: 'ausgefüllt; Ende liest es vor',
  nothingEntered: 'Noch nichts eingegeben.',
  faster: 'Schneller',
  slower: 'Langsamer',
  keys: {
    bksp: 'löschen',
    shift: 'Großbuchstaben',
    space: 'Leerzeichen',
    script: 'andere Buchstaben',
    accents: 'Akzente',
  },
  help: {
    start: `Startseite. Die erste Taste beginnt eine Buchung; die Tasten danach wählen Ihre Sprache. ${KEYS_HELP_DE}`,
    service: 'Wählen Sie eine Leistung: mit den Pfeiltasten bewegen, Enter wählt.',
    day: 'Wählen Sie einen Tag: links und rechts einen Tag, hoch und runter eine Woche, Enter wählt. Tab erreicht den nächsten Monat.',
    time: 'Wählen Sie eine Uhrzeit: mit den Pfeiltasten bewegen, Enter wählt. Sie können vorher die Person wählen.',
    details:
      'Tippen Sie Name, E-Mail und Telefon auf der Tastatur; die Pfeiltasten gehen zum nächsten Feld. Enter, wenn Sie fertig sind. Ende liest vor, was Sie getippt haben.',
    review:
      'Prüfen Sie Ihre Buchung und drücken Sie Enter auf der Buchungstaste. Ende liest Ihre Angaben vor.',
    done: 'Ihre Buchung ist fertig. Nummer und Uhrzeit wurden gesagt; Pos1 wiederholt sie. Die letzte Taste beendet.',
    other: KEYS_HELP_DE,
  },
  startButton: 'Buchung beginnen: Enter drücken.',
  startScreen: 'Startseite. Enter beginnt eine Buchung; weiter unten wählen Sie Ihre Sprache.',
  languageChosen: (language) =>
    `${language} ist gewählt. Gehen Sie nach oben zur ersten Taste; Enter beginnt eine Buchung.`,
  sessionEnded:
    'Ihre Sitzung ist beendet und Ihre Eingaben sind gelöscht. Drücken Sie eine Taste, um die Sprachausgabe wieder einzuschalten.',
};

const KEYS_HELP_TR =
  'Ok tuşları veya Tab ilerletir, Enter seçer, Escape geri gider, Home tekrarlar, End bilgilerinizi okur, artı ve eksi hızı değiştirir, F1 yardım verir.';

const tr: SpeechText = {
  welcome: `Sesli mod açık. ${KEYS_HELP_TR}`,
  welcomeTouch:
    'Sesli mod açık. Parmağınızın altındakini duymak için ekrana dokunun, seçmek için iki kez dokunun, geri gitmek için iki parmakla kaydırın.',
  noVoice: 'Bu kioskta bu dil için ses yok. Lütfen başka bir dil seçin.',
  chosen: 'seçildi',
  textField: 'metin alanı',
  empty: 'boş',
  filled: 'dolu; duymak için End tuşuna basın',
  nothingEntered: 'Henüz bir şey girilmedi.',
  faster: 'Daha hızlı',
  slower: 'Daha yavaş',
  keys: {
    bksp: 'sil',
    shift: 'büyük harf',
    space: 'boşluk',
    script: 'diğer harfler',
    accents: 'aksanlar',
  },
  help: {
    start: `Başlangıç ekranı. İlk düğme randevuyu başlatır; sonraki düğmeler dilinizi seçer. ${KEYS_HELP_TR}`,
    service: 'Bir hizmet seçin: ok tuşlarıyla ilerleyin, Enter ile seçin.',
    day: 'Bir gün seçin: sol ve sağ bir gün, yukarı ve aşağı bir hafta ilerler, Enter seçer. Tab sonraki aya ulaşır.',
    time: 'Bir saat seçin: ok tuşlarıyla ilerleyin, Enter seçer. Önce kişiyi de seçebilirsiniz.',
    details:
      'Adınızı, e-postanızı ve telefonunuzu klavyeyle yazın; ok tuşları sonraki alana gider. Bitince Enter. Yazdığınızı duymak için End.',
    review:
      "Randevunuzu kontrol edin ve rezervasyon düğmesinde Enter'a basın. Bilgileriniz için End.",
    done: 'Randevunuz tamam. Numara ve saat söylendi; Home tekrarlar. Son düğme bitirir.',
    other: KEYS_HELP_TR,
  },
  startButton: 'Randevu başlat: Enter tuşuna basın.',
  startScreen:
    'Başlangıç ekranı. Randevu başlatmak için Enter tuşuna basın veya dilinizi seçmek için aşağı inin.',
  languageChosen: (language) =>
    `${language} seçildi. İlk düğmeye çıkın ve randevu başlatmak için Enter tuşuna basın.`,
  sessionEnded:
    'Oturumunuz sona erdi ve girdikleriniz silindi. Sesli modu yeniden açmak için bir tuşa basın.',
};

const KEYS_HELP_PL =
  'Strzałki lub Tab przesuwają, Enter wybiera, Escape cofa, Home powtarza, End odczytuje Twoje dane, plus i minus zmieniają tempo, F1 daje pomoc.';

const pl: SpeechText = {
  welcome: `Tryb głosowy jest włączony. ${KEYS_HELP_PL}`,
  welcomeTouch:
    'Tryb głosowy jest włączony. Dotknij ekranu, aby usłyszeć, co jest pod palcem, stuknij dwa razy, aby wybrać, przesuń dwoma palcami, aby wrócić.',
  noVoice: 'Ten kiosk nie ma głosu dla tego języka. Wybierz inny język.',
  chosen: 'wybrane',
  textField: 'pole tekstowe',
  empty: 'puste',
  filled: 'wypełnione; naciśnij End, aby usłyszeć',
  nothingEntered: 'Jeszcze nic nie wpisano.',
  faster: 'Szybciej',
  slower: 'Wolniej',
  keys: {
    bksp: 'usuń',
    shift: 'wielkie litery',
    space: 'spacja',
    script: 'inne litery',
    accents: 'akcenty',
  },
  help: {
    start: `Ekran startowy. Pierwszy przycisk rozpoczyna rezerwację; kolejne wybierają język. ${KEYS_HELP_PL}`,
    service: 'Wybierz usługę: strzałki przesuwają, Enter wybiera.',
    day: 'Wybierz dzień: lewo i prawo o jeden dzień, góra i dół o tydzień, Enter wybiera. Tab prowadzi do następnego miesiąca.',
    time: 'Wybierz godzinę: strzałki przesuwają, Enter wybiera. Możesz też najpierw wybrać osobę.',
    details:
      'Wpisz imię, e-mail i telefon na klawiaturze; strzałki przechodzą do następnego pola. Enter na koniec. End odczytuje, co wpisano.',
    review:
      'Sprawdź rezerwację i naciśnij Enter na przycisku rezerwacji. End odczytuje Twoje dane.',
    done: 'Rezerwacja gotowa. Numer i godzina zostały podane; Home powtarza. Ostatni przycisk kończy.',
    other: KEYS_HELP_PL,
  },
  startButton: 'Rozpocznij rezerwację: naciśnij Enter.',
  startScreen:
    'Ekran startowy. Naciśnij Enter, aby rozpocząć rezerwację, lub przejdź niżej, aby wybrać język.',
  languageChosen: (language) =>
    `Wybrano: ${language}. Przejdź w górę do pierwszego przycisku i naciśnij Enter, aby rozpocząć rezerwację.`,
  sessionEnded:
    'Sesja zakończona, wpisane dane zostały usunięte. Naciśnij dowolny klawisz, aby znów włączyć tryb głosowy.',
};

const KEYS_HELP_UK =
  'Стрілки або Tab переміщують, Enter вибирає, Escape повертає назад, Home повторює, End читає ваші дані, плюс і мінус змінюють темп, F1 дає довідку.';

const uk: SpeechText = {
  welcome: `Голосовий режим увімкнено. ${KEYS_HELP_UK}`,
  welcomeTouch:
    'Голосовий режим увімкнено. Торкніться екрана, щоб почути, що під пальцем, торкніться двічі, щоб вибрати, проведіть двома пальцями, щоб повернутися.',
  noVoice: 'Цей кіоск не має голосу для цієї мови. Будь ласка, виберіть іншу мову.',
  chosen: 'вибрано',
  textField: 'текстове поле',
  empty: 'порожнє',
  filled: 'заповнене; натисніть End, щоб почути',
  nothingEntered: 'Ще нічого не введено.',
  faster: 'Швидше',
  slower: 'Повільніше',
  keys: {
    bksp: 'видалити',
    shift: 'великі літери',
    space: 'пробіл',
    script: 'інші літери',
    accents: 'наголоси',
  },
  help: {
    start: `Початковий екран. Перша кнопка починає бронювання; наступні вибирають мову. ${KEYS_HELP_UK}`,
    service: 'Виберіть послугу: стрілки переміщують, Enter вибирає.',
    day: 'Виберіть день: ліворуч і праворуч на день, вгору і вниз на тиждень, Enter вибирає. Tab веде до наступного місяця.',
    time: 'Виберіть час: стрілки переміщують, Enter вибирає. Можна спершу вибрати людину.',
    details:
      "Введіть ім'я, e-mail і телефон на клавіатурі; стрілки ведуть до наступного поля. Enter наприкінці. End читає введене.",
    review: 'Перевірте бронювання і натисніть Enter на кнопці бронювання. End читає ваші дані.',
    done: 'Бронювання готове. Номер і час названо; Home повторює. Остання кнопка завершує.',
    other: KEYS_HELP_UK,
  },
  startButton: 'Почати бронювання: натисніть Enter.',
  startScreen:
    'Початковий екран. Натисніть Enter, щоб почати бронювання, або перейдіть нижче, щоб вибрати мову.',
  languageChosen: (language) =>
    `Вибрано: ${language}. Перейдіть угору до першої кнопки й натисніть Enter, щоб почати бронювання.`,
  sessionEnded:
    'Сеанс завершено, введені дані видалено. Натисніть будь-яку клавішу, щоб знову увімкнути голосовий режим.',
};

const KEYS_HELP_AR =
  'مفاتيح الأسهم أو Tab للتنقل، Enter للاختيار، Escape للرجوع، Home للتكرار، End لقراءة بياناتك، زائد وناقص لتغيير السرعة، F1 للمساعدة.';

const ar: SpeechText = {
  welcome: `الوضع الصوتي مفعّل. ${KEYS_HELP_AR}`,
  welcomeTouch:
    'الوضع الصوتي مفعّل. المس الشاشة لتسمع ما تحت إصبعك، انقر مرتين للاختيار، اسحب بإصبعين للرجوع.',
  noVoice: 'لا يوجد صوت لهذه اللغة في هذا الجهاز. يُرجى اختيار لغة أخرى.',
  chosen: 'مختار',
  textField: 'حقل نص',
  empty: 'فارغ',
  filled: 'مملوء؛ اضغط End لسماعه',
  nothingEntered: 'لم يُدخل شيء بعد.',
  faster: 'أسرع',
  slower: 'أبطأ',
  keys: {
    bksp: 'حذف',
    shift: 'أحرف كبيرة',
    space: 'مسافة',
    script: 'أحرف أخرى',
    accents: 'علامات',
  },
  help: {
    start: `شاشة البداية. الزر الأول يبدأ الحجز؛ والأزرار بعده تختار لغتك. ${KEYS_HELP_AR}`,
    service: 'اختر خدمة: تنقّل بالأسهم، واضغط Enter للاختيار.',
    day: 'اختر يومًا: اليمين واليسار يومًا واحدًا، الأعلى والأسفل أسبوعًا، Enter للاختيار. Tab يصل إلى الشهر التالي.',
    time: 'اختر وقتًا: تنقّل بالأسهم، Enter للاختيار. يمكنك اختيار الشخص أولًا.',
    details:
      'اكتب اسمك وبريدك الإلكتروني وهاتفك على لوحة المفاتيح؛ الأسهم تنتقل إلى الحقل التالي. Enter عند الانتهاء. End يقرأ ما كتبته.',
    review: 'راجع حجزك واضغط Enter على زر الحجز. End يقرأ بياناتك.',
    done: 'تم حجزك. قيل الرقم والوقت؛ Home يكررهما. الزر الأخير ينهي.',
    other: KEYS_HELP_AR,
  },
  startButton: 'ابدأ الحجز: اضغط Enter.',
  startScreen: 'شاشة البداية. اضغط Enter لبدء حجز، أو انتقل للأسفل لاختيار لغتك.',
  languageChosen: (language) =>
    `${language} مختارة. انتقل للأعلى إلى الزر الأول واضغط Enter لبدء حجز.`,
  sessionEnded: 'انتهت جلستك وحُذف ما أدخلته. اضغط أي مفتاح لتشغيل الوضع الصوتي من جديد.',
};

export const SPEECH_TEXT = { en, de, tr, pl, uk, ar } satisfies Record<LanguageCode, SpeechText>;

/** The help topic of a `data-screen` value. */
export function helpScreen(screen: string | null): HelpScreen {
  switch (screen) {
    case 'start':
    case 'day':
    case 'time':
    case 'details':
    case 'review':
      return screen;
    case 'service':
    case 'add-service':
      return 'service';
    case 'confirmation':
    case 'queued':
    case 'checking':
    case 'visit-confirmation':
      return 'done';
    default:
      return 'other';
  }
}
