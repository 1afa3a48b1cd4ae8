import type { CustomerText } from './en';

export const customerAr: CustomerText = {
  fieldError: '{{field}}: {{message}}',
  nameShort: 'يُرجى إدخال الاسم (حرفان على الأقل).',
  nameLetter: 'يُرجى إدخال الاسم بحرف واحد على الأقل.',
  phoneNumber: 'يُرجى إدخال رقم هاتف كامل؛ ومن خارج البلد مع + ورمز الدولة.',
  nameMax: 'يمكن أن يصل الاسم إلى {{max}} حرفًا؛ ويُحذف ما بعد ذلك.',
  emailHintDemo:
    'هذا العرض التجريبي لا يرسل بريدًا إلكترونيًا: ستحصل في النهاية على رقم ورمز لتصويره.',
  emailNotSentDemo:
    'هذا العرض التجريبي لا يرسل بريدًا إلكترونيًا. يُرجى الاحتفاظ بهذا الرقم أو تصوير الرمز.',
  visitTotal: 'المجموع: {{duration}} · {{price}}',
};
