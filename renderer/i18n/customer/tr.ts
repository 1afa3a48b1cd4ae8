import type { CustomerText } from './en';

export const customerTr: CustomerText = {
  fieldError: '{{field}}: {{message}}',
  nameShort: 'Lütfen adınızı girin (en az 2 karakter).',
  nameLetter: 'Lütfen adınızı en az bir harfle girin.',
  phoneNumber: 'Lütfen tam bir telefon numarası girin; yurt dışından + ve ülke koduyla.',
  nameMax: 'Bir ad en fazla {{max}} karakter olabilir; gerisi alınmaz.',
  emailHintDemo:
    'Bu demo e-posta göndermez: sonunda bir numara ve fotoğrafını çekebileceğiniz bir kod alırsınız.',
  emailNotSentDemo:
    'Bu demo e-posta göndermez. Lütfen bu numarayı saklayın veya kodun fotoğrafını çekin.',
  visitTotal: 'Toplam: {{duration}} · {{price}}',
};
