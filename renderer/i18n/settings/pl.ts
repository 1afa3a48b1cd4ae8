import type { SettingsText } from './en';

export const settingsPl: SettingsText = {
  printer: 'Drukarka paragonów',
  printerNone: 'Brak: paragon zostaje na ekranie',
  printerNotListed: '{{name}} (niewidoczna na tym komputerze)',
  printerBrowser:
    'Ten ekran działa w przeglądarce: paragony drukuje jej okno drukowania, więc nie ma tu drukarki do wyboru.',
  title: 'Ustawienia',
  upstreamUrl: 'Adres API rezerwacji',
  upstreamHint: 'Zostaw puste, aby działać na wbudowanych danych demo.',
  apiKey: 'Klucz API',
  apiKeySet: 'Klucz jest ustawiony. Wpisz nowy, aby go zastąpić.',
  apiKeyNotSet: 'Brak klucza.',
  apiKeySetByIt: 'Klucz jest ustawiony.',
  mode: 'Tryb',
  modeKiosk: 'Kiosk (klienci, dotyk)',
  modeCounter: 'Lada (personel, klawiatura)',
  idleTimeout: 'Czas bezczynności (sekundy)',
  language: 'Język domyślny',
  languageAuto: 'Automatycznie (język przeglądarki)',
  newPin: 'Nowy PIN personelu (opcjonalnie)',
  currentPin: 'Obecny PIN personelu (aby zmienić PIN lub hosta upstream)',
  pinSetByIt: 'PIN personelu ustala dział IT.',
  staffIdleTimeout: 'Blokada strefy personelu po (sekundy)',
  retentionDays: 'Przechowuj dane klientów zakończonych wizyt (dni)',
  retentionHint: 'Potem imię, e-mail, telefon i uwagi są usuwane; numer i godziny zostają.',
  apiKeyFromFile:
    'Dział IT podaje ten klucz w chronionym pliku; kiosk przechowuje kopię, którą może odczytać tylko jego konto użytkownika.',
  apiKeyPlain:
    'Ten komputer nie ma bezpiecznego magazynu kluczy: klucz jest zapisany bez szyfrowania. Dział IT może zamiast tego przekazać go w chronionym pliku.',
  save: 'Zapisz',
  saved: 'Zapisano.',
  invalid: 'Sprawdź zaznaczone pola.',
  errors: {
    url: 'Podaj adres zaczynający się od https://, np. https://api.example.com.',
    apiKey: 'Klucz API jest za długi (maks. 500 znaków).',
    range: 'Podaj liczbę całkowitą od {{min}} do {{max}}.',
    pin: 'PIN ma od 4 do 12 cyfr.',
    currentPin: 'Aby zmienić PIN, wpisz obecny PIN.',
  },
  lockedByIt: 'Ustalone przez IT',
};
