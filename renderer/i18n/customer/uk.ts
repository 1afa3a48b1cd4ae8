import type { CustomerText } from './en';

export const customerUk: CustomerText = {
  fieldError: '{{field}}: {{message}}',
  nameShort: 'Будь ласка, введіть ім’я (щонайменше 2 символи).',
  nameLetter: 'Введіть ім’я, що містить принаймні одну літеру.',
  phoneNumber: 'Введіть повний номер телефону; закордонний — з + і кодом країни.',
  nameMax: 'Ім’я може мати до {{max}} символів; решту буде пропущено.',
  emailHintDemo:
    'Ця демоверсія не надсилає e-mail: наприкінці ви отримаєте номер і код, який можна сфотографувати.',
  emailNotSentDemo: 'Ця демоверсія не надсилає e-mail. Збережіть цей номер або сфотографуйте код.',
  visitTotal: 'Разом: {{duration}} · {{price}}',
};
