import type { AccessText } from './en';

export const accessTr: AccessText = {
  reach: 'Düğmeler aşağıda',
  reachNote: 'Erişim modu: tüm düğmeler ekranın alt kısmında.',
  callStaff: 'Personel çağır',
  calling: 'Personel çağrıldı. Size yardım etmek için biri geliyor.',
  answered: 'Bir çalışan çağrınızı gördü ve geliyor.',
  callFailed: 'Çağrı iletilemedi. Lütfen tekrar deneyin veya resepsiyona sorun.',
  thisKiosk: 'Kiosk',
  callsTitle: 'Yardım gerekiyor',
  needsHelp: '{{name}} yardım istiyor',
  answer: 'Geliyorum',
  idleHint: 'Devam etmek için ekrana dokunun veya bir tuşa basın.',
  idleHintKeys: 'Devam etmek için herhangi bir tuşa basın.',
};
