import type { LanguageStrings } from './en';
import { hubDe } from './hub/de';
import { accessDe } from './access/de';
import { customerDe } from './customer/de';
import { visitDe } from './visit/de';

/** German strings; the type makes a missing key a compile error. */
export const de: LanguageStrings = {
  app: {
    name: 'Frontdesk',
    loading: 'Wird geladen…',
    unavailable: 'Der Buchungsdienst ist gerade nicht erreichbar. Bitte fragen Sie am Empfang.',
    retry: 'Erneut versuchen',
    refused:
      'Der Kiosk hat diesen Bildschirm abgewiesen: Sein Zugangsschlüssel ist falsch oder veraltet. Personal: Kiosk mit der beim Start ausgegebenen Adresse neu öffnen.',
  },
  toolbar: {
    language: 'Sprache',
    largeText: 'Größere Schrift',
    highContrast: 'Hoher Kontrast',
    staff: 'Personal',
  },
  steps: {
    label: 'Schritt {{current}} von {{total}}',
    service: 'Leistung',
    day: 'Tag',
    time: 'Uhrzeit',
    details: 'Ihre Angaben',
    review: 'Prüfen',
  },
  nav: { back: 'Zurück', next: 'Weiter', cancel: 'Neu beginnen', done: 'Fertig' },
  start: {
    title: 'Termin buchen',
    subtitle: 'Leistung wählen, Uhrzeit aussuchen – in unter einer Minute erledigt.',
    touch: 'Zum Starten berühren',
    chooseLanguage: 'Sprache wählen',
    step1: 'Leistung wählen',
    step2: 'Tag und Uhrzeit aussuchen',
    step3: 'Bestätigung erhalten',
  },
  service: {
    title: 'Was dürfen wir für Sie tun?',
    choose: 'Auswählen',
    nextFree: 'Nächster freier Termin',
    nextFreeSearching: 'Nächster freier Termin wird gesucht…',
    nextFreeOffer: '{{day}} um {{time}} bei {{employee}}',
    nextFreeTake: 'Übernehmen',
    nextFreeNone: 'In den nächsten Wochen ist kein Termin frei. Bitte wählen Sie einen Tag.',
    empty: 'Zurzeit können keine Leistungen gebucht werden.',
  },
  day: {
    title: 'Welcher Tag passt Ihnen?',
    previous: 'Voriger Monat',
    next: 'Nächster Monat',
    today: 'Heute',
    available: 'frei',
    none: 'In diesem Monat ist kein Tag frei.',
    offlineSome:
      'Der Buchungsdienst ist gerade nicht erreichbar. Buchbar sind im Moment nur die Tage mit dickem Rahmen; für die anderen braucht es die Verbindung.',
    offlineNone:
      'Der Buchungsdienst ist gerade nicht erreichbar, und von diesem Monat ist kein Tag auf diesem Gerät gespeichert. Bitte wählen Sie einen anderen Monat oder fragen Sie am Empfang.',
    offlineMonth:
      'Der Buchungsdienst ist gerade nicht erreichbar, und dieser Monat ist auf diesem Gerät nicht gespeichert. Bitte wählen Sie einen Tag in einem anderen Monat oder fragen Sie am Empfang.',
    backToThisMonth: 'Zurück zum aktuellen Monat',
    withPerson: 'Tage mit {{name}}',
    anyPerson: 'Tage mit allen zeigen',
  },
  time: {
    title: 'Uhrzeit wählen',
    employee: 'Bei wem?',
    anyone: 'Egal',
    morning: 'Vormittag',
    afternoon: 'Nachmittag',
    evening: 'Abend',
    unavailable: 'belegt',
    none: 'An diesem Tag ist nichts mehr frei. Bitte wählen Sie einen anderen Tag.',
    slotTaken: 'Diese Uhrzeit wurde gerade vergeben. Bitte wählen Sie eine andere.',
    slotGone: 'Diese Uhrzeit ist nicht mehr frei. Bitte wählen Sie eine andere.',
    offlineDay:
      'Der Buchungsdienst ist gerade nicht erreichbar, und die Zeiten dieses Tages sind auf diesem Gerät nicht gespeichert.',
    nearestDay: 'Nächsten buchbaren Tag zeigen: {{date}}',
    noStoredDay:
      'Bis die Verbindung zurück ist, kann hier kein Tag gebucht werden. Bitte fragen Sie am Empfang.',
    personOff: 'arbeitet an dem Tag nicht',
    personBusy: 'an dem Tag nichts mehr frei',
    personOffNotice:
      '{{name}} arbeitet am {{date}} nicht. Bitte wählen Sie einen anderen Tag oder eine andere Person.',
    personBusyNotice:
      '{{name}} hat am {{date}} nichts mehr frei. Bitte wählen Sie einen anderen Tag oder eine andere Person.',
    personDays: 'Tage mit {{name}} zeigen',
    personChosen: '{{name}} gewählt. Freie Zeiten: {{number}}.',
  },
  details: {
    title: 'Ihre Angaben',
    name: 'Name',
    email: 'E-Mail',
    phone: 'Telefon',
    notes: 'Anmerkungen (optional)',
    emailHint: 'Hierhin senden wir Ihre Bestätigung.',
    errors: {
      required: 'Bitte ausfüllen.',
      email: 'Bitte eine gültige E-Mail-Adresse eingeben, z. B. name@beispiel.de.',
      phone: 'Bitte nur Ziffern, Leerzeichen und + ( ) - / verwenden.',
      tooShort: 'Das ist zu kurz.',
      tooLong: 'Das ist zu lang.',
    },
  },
  keyboard: { label: 'Bildschirmtastatur', next: 'weiter', hide: 'ausblenden' },
  review: {
    title: 'Bitte prüfen Sie Ihre Buchung',
    checking: 'Wir prüfen, ob die Uhrzeit noch frei ist…',
    stillFree: 'Diese Uhrzeit ist noch frei.',
    heldForYou: 'Diese Uhrzeit ist bis {{time}} Uhr für Sie reserviert.',
    holdExpired:
      'Diese Uhrzeit ist nicht mehr für Sie reserviert: Jemand anderes kann sie jetzt buchen. Tippen Sie auf „Jetzt buchen“, um es zu versuchen, oder wählen Sie eine andere Uhrzeit.',
    offline:
      'Die Uhrzeit ließ sich gerade nicht live prüfen. Ist die Verbindung unterbrochen, wird Ihre Buchung hier reserviert und gesendet, sobald sie wieder steht.',
    confirm: 'Jetzt buchen',
    booking: 'Wird gebucht…',
    failed: 'Die Buchung hat nicht geklappt: {{message}}',
    edit: 'Ändern',
  },
  summary: {
    service: 'Leistung',
    employee: 'Bei',
    date: 'Datum',
    time: 'Uhrzeit',
    duration: 'Dauer',
    price: 'Preis',
    name: 'Name',
    email: 'E-Mail',
    phone: 'Telefon',
    notes: 'Anmerkungen',
    timeRange: '{{start}} – {{end}}',
  },
  confirmation: {
    willMail: 'Falls er nicht gehalten werden kann, schreiben wir Ihnen eine E-Mail.',
    willCall: 'Falls er nicht gehalten werden kann, ruft das Geschäft Sie an.',
    title: 'Ihr Termin ist gebucht!',
    number: 'Terminnummer',
    emailSent: 'Eine Bestätigung wurde an {{email}} gesendet.',
    emailNotSent:
      'Es wurde keine E-Mail gesendet. Bitte notieren Sie die Nummer oder fotografieren Sie den Code.',
    qr: 'Scannen, um den Termin in den Kalender Ihres Telefons zu übernehmen',
    print: 'Beleg drucken',
    showReceipt: 'Beleg anzeigen',
    queuedTitle: 'Ihr Termin ist reserviert',
    queuedBody:
      'Der Buchungsdienst ist gerade nicht erreichbar. Ihr Termin ist hier reserviert und wird bestätigt, sobald die Verbindung wieder steht. Das Personal findet ihn unter dieser Referenz.',
    reference: 'Referenz',
    checkingTitle: 'Wir prüfen Ihre Buchung',
    checkingBody:
      'Der Buchungsdienst hat nicht rechtzeitig geantwortet. Ihre Buchung ist vielleicht schon erfolgt: Wir prüfen das, und das Personal bestätigt sie Ihnen. Bitte behalten Sie diese Referenz.',
    queuedShort: 'noch nicht bestätigt',
    finish: 'Abschließen',
  },
  receipt: {
    title: 'Terminbeleg',
    back: 'Zurück',
    printing: 'Wird gedruckt…',
    thanks: 'Vielen Dank. Bis bald!',
    queued:
      'Hier reserviert, vom Buchungsdienst noch nicht bestätigt. Das Team findet den Termin unter dieser Referenz.',
  },
  staffIdle: {
    title: 'Noch da?',
    body: 'Der Personalbereich sperrt sich in {{seconds}} s. Danach ist die PIN wieder nötig.',
    stay: 'Geöffnet lassen',
  },
  setup: {
    pendingTitle: 'Dieses Terminal wird eingerichtet',
    pendingBody: 'Hier können Sie bald Termine buchen. Bitte fragen Sie an der Theke.',
    codeTitle: 'Terminal einrichten',
    codePrompt:
      'Geben Sie den Einrichtungscode ein, der beim Start angezeigt wurde (zum Beispiel ABCD-2345).',
  },
  idle: {
    title: 'Sind Sie noch da?',
    body: 'Zum Schutz Ihrer Daten werden dieser Bildschirm und Ihre Angaben in {{seconds}} s gelöscht.',
    stay: 'Ich bin noch da',
  },
  staff: {
    title: 'Personal',
    pinTitle: 'Personal-PIN',
    pinPrompt: 'Personal-PIN eingeben',
    pinSetTitle: 'Personal-PIN festlegen',
    pinSetPrompt: 'Erster Start: Wählen Sie eine PIN mit 4 bis 12 Ziffern für den Personalbereich.',
    pinConfirm: 'Dieselbe PIN noch einmal eingeben',
    pinMismatch: 'Die beiden PINs stimmen nicht überein. Bitte neu beginnen.',
    pinWrong: 'Falsche PIN.',
    codeLockedOut:
      'Zu viele falsche Einrichtungscodes. Bitte versuchen Sie es in {{seconds}} s erneut.',
    pinLockedOut: 'Zu viele falsche PINs. Bitte in {{seconds}} s erneut versuchen.',
    failedPins:
      'Falsche PIN-Eingaben an diesem Bildschirm seit der letzten Anmeldung: {{number}}. Wenn Sie das nicht waren, versucht vielleicht jemand, die PIN zu erraten.',
    pinInvalid: 'Die PIN muss 4 bis 12 Ziffern haben.',
    pinSetPromptDemo: 'Demo: Wählen Sie eine PIN mit 4 bis 12 Ziffern für den Personalbereich.',
    recoveryUse: 'Wiederherstellungscode verwenden',
    recoveryPrompt:
      'Den Wiederherstellungscode der IT für diesen Kiosk eingeben (vor der ersten PIN: den Einrichtungscode).',
    recoveryWrong: 'Dieser Wiederherstellungscode stimmt nicht.',
    recoveryLockedOut:
      'Zu viele falsche Wiederherstellungscodes. Bitte in {{seconds}} s erneut versuchen.',
    recoveryBack: 'Zurück zur PIN',
    setupCodeWrong: 'Dieser Einrichtungscode stimmt nicht. Bitte prüfen und erneut versuchen.',
    demo: 'Demo-Modus: Dieses Terminal bucht mit eingebauten Demodaten. Tragen Sie in den Einstellungen Ihren Buchungsdienst ein, um live zu gehen.',
    unlock: 'Entsperren',
    clear: 'Löschen',
    delete: 'Ziffer löschen',
    leave: 'Zurück zum Kiosk',
    lock: 'Sperren',
    tabs: {
      kiosk: 'Kiosk',
      today: 'Heute',
      booking: 'Neue Buchung',
      outbox: 'Buchungen',
      settings: 'Einstellungen',
      screens: 'Bildschirme',
    },
  },
  status: {
    online: 'Online',
    notKnown: 'Noch unbekannt: seit dem Start kein Kontakt zur API',
    offline: 'Offline',
    problems: 'Die API hat Störungen',
    paused: 'Angehalten: Die API hat den Schlüssel abgelehnt',
    lastSync: 'Letzter Abgleich {{time}}',
    never: 'noch nie abgeglichen',
    queued: '{{count}} in der Warteschlange',
    unknown: '{{count}} zu prüfen',
    refused: '{{count}} abgelehnt: Kunden kontaktieren',
    budget: 'API-Kontingent {{remaining}} / {{limit}}',
    budgetLeft:
      'Verbleibende API-Anfragen: {{minute}} von {{minuteLimit}} in dieser Minute, {{day}} von {{dayLimit}} heute',
    diskFull:
      'Speicher voll: Buchungen können nicht gespeichert werden. Bitte Speicherplatz freigeben (siehe docs/deploy.md).',
    embedded: 'Demodaten',
    syncNow: 'Jetzt abgleichen',
    syncing: 'Wird abgeglichen…',
    offlineReasons: {
      connect: 'Der Buchungsdienst ist nicht erreichbar (keine Verbindung).',
      timeout: 'Der Buchungsdienst antwortet nicht rechtzeitig.',
      reset: 'Die Verbindung zum Buchungsdienst bricht ab.',
      other: 'Der Buchungsdienst ist nicht erreichbar.',
    },
    report: {
      sent_one: 'Wieder online: {{count}} Buchung gesendet.',
      sent_other: 'Wieder online: {{count}} Buchungen gesendet.',
      onlineWaiting_one: 'Online: {{count}} Buchung wartet auf den nächsten Versuch.',
      onlineWaiting_other: 'Online: {{count}} Buchungen warten auf den nächsten Versuch.',
      upToDate: 'Online: alles ist abgeglichen.',
      offline: 'Weiterhin offline. {{why}}',
      offlineWaiting_one:
        'Weiterhin offline. {{why}} {{count}} Buchung wartet und wird von selbst gesendet, sobald die Verbindung zurück ist.',
      offlineWaiting_other:
        'Weiterhin offline. {{why}} {{count}} Buchungen warten und werden von selbst gesendet, sobald die Verbindung zurück ist.',
      keyRefused:
        'Der Buchungsdienst hat den API-Schlüssel abgelehnt. Bitte prüfen Sie den Schlüssel in den Einstellungen.',
    },
  },
  appInfo: {
    version: 'Version {{version}}',
    downloading: 'Update {{version}} wird geladen',
    ready: 'Update {{version}} wird installiert, sobald der Kiosk frei ist',
    saveDiagnostics: 'Diagnose speichern',
    saved: 'Diagnose gespeichert unter {{path}}',
    saveFailed: 'Die Diagnose konnte nicht gespeichert werden.',
  },
  errors: {
    invalid_input: 'Einige Angaben sind ungültig.',
    invalid_request: 'Diese Uhrzeit kann nicht gebucht werden.',
    not_found: 'Diese Leistung oder Person ist nicht mehr verfügbar.',
    slot_taken: 'Diese Uhrzeit wurde gerade vergeben.',
    unauthorized: 'Nicht erlaubt.',
    config: 'Der Kiosk ist nicht richtig eingerichtet. Bitte wenden Sie sich an das Personal.',
    unavailable: 'Der Buchungsdienst ist nicht erreichbar.',
    storage_full:
      'Die Buchung konnte nicht gespeichert werden: Der Speicher des Kiosks ist voll. Es wurde nichts gebucht. Bitte wenden Sie sich an das Personal.',
    setup_required:
      'Dieser Kiosk ist noch nicht eingerichtet. Bitte wenden Sie sich an das Personal.',
    not_available:
      'Das ist gerade nicht verfügbar. Bitte versuchen Sie es später noch einmal oder fragen Sie am Empfang.',
    internal: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
  // Issue 9 part B: the staff bookings list, the counter booking screen and the shop profile.
  shop: {
    welcomeDefault: 'Hier buchen Sie Ihren Termin, in einer Minute.',
    section: 'Geschäftsprofil',
    name: 'Name des Geschäfts',
    address: 'Adresse',
    phone: 'Telefon',
    accentColor: 'Akzentfarbe',
    welcome: 'Begrüßungszeile',
    welcomeLanguage: 'Sprache der Begrüßungszeile',
    welcomeHint:
      'Ein Text je Sprache; wer eine Sprache ohne Text gewählt hat, sieht den auf {{language}}.',
    logoByIt: 'Das Logo legt die IT in der Gerätekonfiguration fest.',
    calendarAt: '{{service}} bei {{shop}}',
  },
  hub: hubDe,
  visit: visitDe,
  customer: customerDe,
  access: accessDe,
};
