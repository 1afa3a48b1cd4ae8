import type { AccessText } from './en';

export const accessDe: AccessText = {
  reach: 'Bedienung unten',
  reachNote: 'Bedienung unten: Alle Tasten liegen im unteren Teil des Bildschirms.',
  callStaff: 'Personal rufen',
  calling: 'Das Personal ist gerufen. Gleich kommt jemand, um Ihnen zu helfen.',
  answered: 'Eine Mitarbeiterin oder ein Mitarbeiter hat Ihren Ruf gesehen und kommt.',
  callFailed:
    'Der Ruf ist nicht angekommen. Bitte versuchen Sie es noch einmal oder fragen Sie am Empfang.',
  thisKiosk: 'Kiosk',
  callsTitle: 'Hilfe gebraucht',
  needsHelp: '{{name}} braucht Hilfe',
  answer: 'Ich komme',
  idleHint: 'Berühren Sie den Bildschirm oder drücken Sie eine Taste, um weiterzumachen.',
  idleHintKeys: 'Drücken Sie eine beliebige Taste, um weiterzumachen.',
};
