import type { AccessText } from './en';

export const accessAr: AccessText = {
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
  idleHintKeys: 'اضغط أي مفتاح للمتابعة.',
};
