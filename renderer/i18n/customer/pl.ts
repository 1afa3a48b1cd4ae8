import type { CustomerText } from './en';

export const customerPl: CustomerText = {
  fieldError: '{{field}}: {{message}}',
  nameShort: 'Proszę podać imię i nazwisko (co najmniej 2 znaki).',
  nameLetter: 'Podaj imię i nazwisko z co najmniej jedną literą.',
  phoneNumber: 'Podaj pełny numer telefonu; zagraniczny z + i kodem kraju.',
  nameMax: 'Imię i nazwisko może mieć do {{max}} znaków; reszta zostaje pominięta.',
  emailHintDemo: 'To demo nie wysyła e-maili: na końcu otrzymasz numer i kod do sfotografowania.',
  emailNotSentDemo:
    'To demo nie wysyła e-maili. Proszę zachować ten numer lub zrobić zdjęcie kodu.',
  visitTotal: 'Razem: {{duration}} · {{price}}',
};
