/**
 * Strings of reach mode, the idle warning's hint and "Call staff" (issue 31), every language in
 * one small file so that the language files stay under 400 lines; each takes its own
 * (`access: ...`).
 */
const en = {
  reach: 'Controls lower',
  reachNote: 'Reach mode: every control is in the lower part of the screen.',
  callStaff: 'Call staff',
  calling: 'Staff have been called. Someone is coming to help you.',
  answered: 'A member of staff has seen your call and is on the way.',
  callFailed: 'The call did not go through. Please try again or ask at the desk.',
  thisKiosk: 'Kiosk',
  callsTitle: 'Help needed',
  needsHelp: '{{name}} needs help',
  answer: 'On my way',
  idleHint: 'Touch the screen or press any key to continue.',
};

type AccessText = { [K in keyof typeof en]: string };

const de: AccessText = {
  reach: 'Bedienung unten',
  reachNote: 'Bedienung unten: Alle Tasten liegen im unteren Teil des Bildschirms.',
  callStaff: 'Personal rufen',
  calling: 'Das Personal ist gerufen. Gleich kommt jemand, um Ihnen zu helfen.',
  answered: 'Eine Mitarbeiterin oder ein Mitarbeiter hat Ihren Ruf gesehen und kommt.',
  callFailed:
    'Der Ruf ist nicht angekommen. Bitte versuchen Sie es noch einmal oder fragen Sie am Empfang.',
  thisKiosk: 'Kiosk',
  callsTitle: 'Hilfe gebraucht',
  needsHelp: '{{name}} braucht Hilfe',
  answer: 'Ich komme',
  idleHint: 'Berühren Sie den Bildschirm oder drücken Sie eine Taste, um weiterzumachen.',
};

const tr: AccessText = {
  reach: 'Düğmeler aşağıda',
  reachNote: 'Erişim modu: tüm düğmeler ekranın alt kısmında.',
  callStaff: 'Personel çağır',
  calling: 'Personel çağrıldı. Size yardım etmek için biri geliyor.',
  answered: 'Bir çalışan çağrınızı gördü ve geliyor.',
  callFailed: 'Çağrı iletilemedi. Lütfen tekrar deneyin veya resepsiyona sorun.',
  thisKiosk: 'Kiosk',
  callsTitle: 'Yardım gerekiyor',
  needsHelp: '{{name}} yardım istiyor',
  answer: 'Geliyorum',
  idleHint: 'Devam etmek için ekrana dokunun veya bir tuşa basın.',
};

const pl: AccessText = {
  reach: 'Przyciski niżej',
  reachNote: 'Tryb zasięgu: wszystkie przyciski są w dolnej części ekranu.',
  callStaff: 'Wezwij obsługę',
  calling: 'Obsługa została wezwana. Ktoś zaraz przyjdzie pomóc.',
  answered: 'Pracownik zobaczył wezwanie i już idzie.',
  callFailed: 'Wezwanie nie dotarło. Spróbuj ponownie lub zapytaj w recepcji.',
  thisKiosk: 'Kiosk',
  callsTitle: 'Potrzebna pomoc',
  needsHelp: '{{name}} potrzebuje pomocy',
  answer: 'Już idę',
  idleHint: 'Dotknij ekranu lub naciśnij dowolny klawisz, aby kontynuować.',
};

const uk: AccessText = {
  reach: 'Кнопки нижче',
  reachNote: 'Режим досяжності: усі кнопки в нижній частині екрана.',
  callStaff: 'Покликати персонал',
  calling: 'Персонал покликано. Хтось уже йде вам допомогти.',
  answered: 'Працівник побачив ваш виклик і вже йде.',
  callFailed: 'Виклик не дійшов. Спробуйте ще раз або зверніться на рецепцію.',
  thisKiosk: 'Кіоск',
  callsTitle: 'Потрібна допомога',
  needsHelp: '{{name}} потребує допомоги',
  answer: 'Іду',
  idleHint: 'Торкніться екрана або натисніть будь-яку клавішу, щоб продовжити.',
};

const ar: AccessText = {
  reach: 'الأزرار في الأسفل',
  reachNote: 'وضع الوصول: كل الأزرار في الجزء السفلي من الشاشة.',
  callStaff: 'استدعاء الموظفين',
  calling: 'تم استدعاء الموظفين. سيأتي أحدهم لمساعدتك.',
  answered: 'رأى أحد الموظفين طلبك وهو في الطريق.',
  callFailed: 'لم يصل الطلب. يرجى المحاولة مرة أخرى أو السؤال في الاستقبال.',
  thisKiosk: 'الكشك',
  callsTitle: 'مطلوب مساعدة',
  needsHelp: '{{name}} يحتاج إلى مساعدة',
  answer: 'أنا قادم',
  idleHint: 'المس الشاشة أو اضغط أي مفتاح للمتابعة.',
};

export const accessText = { en, de, tr, pl, uk, ar };
