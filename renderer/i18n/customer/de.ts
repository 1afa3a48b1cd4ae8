import type { CustomerText } from './en';

export const customerDe: CustomerText = {
  fieldError: '{{field}}: {{message}}',
  nameShort: 'Bitte geben Sie Ihren Namen ein (mindestens 2 Zeichen).',
  nameLetter: 'Bitte geben Sie Ihren Namen mit mindestens einem Buchstaben ein.',
  phoneNumber:
    'Bitte eine vollständige Telefonnummer eingeben; aus dem Ausland mit + und Ländervorwahl.',
  nameMax: 'Ein Name kann bis zu {{max}} Zeichen haben; der Rest wird weggelassen.',
  emailHintDemo:
    'Diese Demo sendet keine E-Mail: Am Ende erhalten Sie eine Nummer und einen Code zum Fotografieren.',
  emailNotSentDemo:
    'Diese Demo sendet keine E-Mail. Bitte notieren Sie die Nummer oder fotografieren Sie den Code.',
  visitTotal: 'Zusammen: {{duration}} · {{price}}',
};
