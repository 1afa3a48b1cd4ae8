import type { SettingsText } from './en';

export const settingsTr: SettingsText = {
  printer: 'Fiş yazıcısı',
  printerNone: 'Yok: fiş ekranda kalır',
  printerNotListed: '{{name}} (bu bilgisayarda listelenmiyor)',
  printerBrowser:
    'Bu ekran bir tarayıcıda çalışıyor: fişler tarayıcının yazdırma penceresiyle basılır, burada seçilecek yazıcı yok.',
  title: 'Ayarlar',
  upstreamUrl: 'Randevu API adresi',
  upstreamHint: 'Yerleşik demo verileriyle çalışmak için boş bırakın.',
  apiKey: 'API anahtarı',
  apiKeySet: 'Bir anahtar kayıtlı. Değiştirmek için yenisini yazın.',
  apiKeyNotSet: 'Anahtar yok.',
  apiKeySetByIt: 'Bir anahtar kayıtlı.',
  mode: 'Çalışma modu',
  modeKiosk: 'Kiosk (müşteri, dokunmatik)',
  modeCounter: 'Tezgâh (personel, klavye)',
  idleTimeout: 'Boşta kalma süresi (saniye)',
  language: 'Varsayılan dil',
  languageAuto: 'Otomatik (tarayıcı dili)',
  newPin: 'Yeni personel PIN’i (isteğe bağlı)',
  currentPin: 'Mevcut personel PIN’i (PIN’i veya upstream sunucusunu değiştirmek için)',
  pinSetByIt: 'Personel PIN’ini BT belirler.',
  staffIdleTimeout: 'Personel alanı kilitlenme süresi (saniye)',
  retentionDays: 'Biten randevuların müşteri bilgilerini sakla (gün)',
  retentionHint: 'Sonra ad, e-posta, telefon ve notlar silinir; referans ve saatler kalır.',
  apiKeyFromFile:
    'BT bu anahtarı korumalı bir dosyada verir; kiosk yalnızca kendi kullanıcı hesabının okuyabileceği bir kopya saklar.',
  apiKeyPlain:
    'Bu bilgisayarda güvenli anahtar deposu yok: Anahtar şifrelenmeden kaydedilir. BT bunun yerine korumalı bir dosya verebilir.',
  save: 'Kaydet',
  saved: 'Kaydedildi.',
  invalid: 'Lütfen işaretli alanları kontrol edin.',
  errors: {
    url: 'Lütfen https:// ile başlayan bir adres girin, ör. https://api.example.com.',
    apiKey: 'API anahtarı çok uzun (en fazla 500 karakter).',
    range: 'Lütfen {{min}} ile {{max}} arasında bir tam sayı girin.',
    pin: 'PIN 4 ile 12 haneden oluşur.',
    currentPin: 'Değiştirmek için lütfen mevcut PIN’i girin.',
  },
  lockedByIt: 'BT tarafından belirlendi',
};
