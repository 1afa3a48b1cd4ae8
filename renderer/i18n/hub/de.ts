import type { HubText } from './en';

export const hubDe: HubText = {
  pairTitle: 'Diesen Bildschirm verbinden',
  pairBody:
    'Bitte das Personal um einen Code: an einem Bildschirm des Geschäfts Personal → Bildschirme → Bildschirm hinzufügen.',
  code: 'Code',
  name: 'Name dieses Bildschirms',
  role: 'Dieser Bildschirm ist für',
  roleKiosk: 'Kundschaft (Kiosk)',
  roleCounter: 'Personal (Theke)',
  connect: 'Verbinden',
  connecting: 'Verbinde…',
  codeDigits: 'Der Code besteht aus 6 Ziffern: Buchstaben und andere Zeichen werden weggelassen.',
  wrongCode: 'Dieser Code stimmt nicht oder ist abgelaufen. Bitte einen neuen beim Personal holen.',
  locked: 'Zu viele falsche Codes. Bitte einen neuen Code beim Personal holen.',
  removed: 'Dieser Bildschirm wurde aus dem Geschäft entfernt',
  removedBody: 'Das Personal kann ihn mit einem neuen Code wieder verbinden.',
  unreachable:
    'Dieser Bildschirm erreicht gerade den Hauptrechner des Geschäfts nicht. Er verbindet sich gleich von selbst wieder.',
  awayTitle: 'Der Computer des Geschäfts ist gerade nicht erreichbar',
  askCounter: 'Bitte fragen Sie am Tresen.',
  add: 'Bildschirm hinzufügen',
  addBody:
    'Am neuen Bildschirm diese Adresse öffnen (oder den Code scannen) und den Code innerhalb von 2 Minuten eingeben.',
  expires: 'Code gültig für {{seconds}} s',
  expired: 'Der Code ist abgelaufen.',
  fingerprint: 'Zertifikat-Fingerabdruck (SHA-256)',
  colName: 'Name',
  colRole: 'Rolle',
  colAddress: 'Adresse',
  colLast: 'Letzter Kontakt',
  kiosk: 'Kiosk',
  counter: 'Theke',
  remove: 'Entfernen',
  none: 'Noch keine weiteren Bildschirme.',
  notHub:
    'Dieser Kiosk arbeitet allein: Keine anderen Bildschirme nutzen ihn. Damit Tablets oder ein zweiter Tresen über ihn buchen, macht die IT diesen Computer zum Hauptcomputer des Geschäfts („hub“ in der Gerätekonfiguration, siehe Installationsanleitung).',
  joined: '„{{name}}“ ist verbunden.',
};
