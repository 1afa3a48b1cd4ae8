import type { SettingsText } from './en';

export const settingsDe: SettingsText = {
  printer: 'Bondrucker',
  printerNone: 'Keiner: der Beleg bleibt auf dem Bildschirm',
  printerNotListed: '{{name}} (von diesem Computer nicht aufgeführt)',
  printerBrowser:
    'Dieser Bildschirm läuft im Browser: Belege druckt dessen Druckdialog, hier ist kein Drucker zu wählen.',
  title: 'Einstellungen',
  upstreamUrl: 'Adresse der Buchungs-API',
  upstreamHint: 'Leer lassen, um mit den eingebauten Demodaten zu arbeiten.',
  apiKey: 'API-Schlüssel',
  apiKeySet: 'Ein Schlüssel ist gesetzt. Geben Sie einen neuen ein, um ihn zu ersetzen.',
  apiKeyNotSet: 'Kein Schlüssel gesetzt.',
  apiKeySetByIt: 'Ein Schlüssel ist gesetzt.',
  mode: 'Betriebsart',
  modeKiosk: 'Kiosk (Kundschaft, Touch)',
  modeCounter: 'Empfang (Personal, Tastatur)',
  idleTimeout: 'Zeit bis zum Zurücksetzen (Sekunden)',
  language: 'Standardsprache',
  languageAuto: 'Automatisch (Browsersprache)',
  newPin: 'Neue Personal-PIN (optional)',
  currentPin: 'Aktuelle Personal-PIN (zum Ändern der PIN oder des Upstream-Hosts)',
  pinSetByIt: 'Die Personal-PIN wird von der IT festgelegt.',
  staffIdleTimeout: 'Personalbereich sperrt nach (Sekunden)',
  retentionDays: 'Kundendaten abgeschlossener Buchungen aufbewahren (Tage)',
  retentionHint:
    'Danach werden Name, E-Mail, Telefon und Notizen gelöscht; Referenz und Zeiten bleiben.',
  apiKeyFromFile:
    'Die IT gibt diesen Schlüssel in einer geschützten Datei vor; der Kiosk behält eine Kopie, die nur sein Benutzerkonto lesen kann.',
  apiKeyPlain:
    'Dieser Computer hat keinen sicheren Schlüsselspeicher: Der Schlüssel wird unverschlüsselt gespeichert. Die IT kann ihn stattdessen als geschützte Datei übergeben.',
  save: 'Speichern',
  saved: 'Gespeichert.',
  invalid: 'Bitte prüfen Sie die markierten Felder.',
  contentLanguage: 'Sprache der Texte des Geschäfts (z. B. de, de-AT)',
  country: 'Land für Telefonnummern (z. B. DE, AT)',
  errors: {
    url: 'Bitte eine Adresse mit https:// eingeben, z. B. https://api.example.com.',
    apiKey: 'Der API-Schlüssel ist zu lang (höchstens 500 Zeichen).',
    range: 'Bitte eine ganze Zahl von {{min}} bis {{max}} eingeben.',
    pin: 'Eine PIN hat 4 bis 12 Ziffern.',
    currentPin: 'Zum Ändern bitte die aktuelle PIN eingeben.',
    value: 'Bitte prüfen Sie diesen Wert.',
  },
  lockedByIt: 'Von der IT festgelegt',
};
