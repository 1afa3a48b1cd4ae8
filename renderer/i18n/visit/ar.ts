import type { VisitText } from './en';

/** The visit strings in this language (visit/en.ts has the keys). */
export const visitAr: VisitText = {
  addTitle: 'إضافة خدمة أخرى',
  add: 'إضافة خدمة أخرى',
  yourVisit: 'زيارتك',
  remove: 'إزالة {{service}}',
  fits: 'تظهر فقط الأوقات التي تتتابع فيها خدماتك.',
  booked: 'تم الحجز',
  queued: 'محجوز، سيتم التأكيد',
  partRefused: 'تعذّر الحجز',
  partNotTried: 'لم يتم الحجز',
  partialTitle: 'تم حجز جزء من زيارتك',
  partialBody: 'ما هو معلَّم بـ «تم الحجز» أو «محجوز» لك. يُرجى السؤال في الاستقبال عن الباقي.',
  title: 'تم حجز زيارتك',
  queuedTitle: 'زيارتك محجوزة',
  sameVisit: 'الزيارة نفسها: {{service}} في {{time}} ({{state}})',
};
