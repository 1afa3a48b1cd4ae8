import type { VisitText } from './en';

/** The visit strings in this language (visit/en.ts has the keys). */
export const visitTr: VisitText = {
  addTitle: 'Başka bir hizmet ekle',
  add: 'Başka bir hizmet ekle',
  yourVisit: 'Ziyaretiniz',
  remove: '{{service}} kaldır',
  fits: 'Yalnızca hizmetlerinizin art arda yapılabildiği saatler gösterilir.',
  booked: 'Rezerve edildi',
  queued: 'Ayrıldı, onaylanacak',
  partRefused: 'Rezerve edilemedi',
  partNotTried: 'Rezerve edilmedi',
  partialTitle: 'Ziyaretinizin bir kısmı rezerve edildi',
  partialBody:
    '"Rezerve edildi" veya "Ayrıldı" olarak işaretlenenler sizindir. Geri kalanı için lütfen resepsiyona sorun.',
  title: 'Ziyaretiniz rezerve edildi',
  queuedTitle: 'Ziyaretiniz ayrıldı',
  sameVisit: 'Aynı ziyaret: {{service}}, {{time}} ({{state}})',
};
