import type { AccessText } from './en';

export const accessPl: AccessText = {
  reach: 'Przyciski niżej',
  reachNote: 'Tryb zasięgu: wszystkie przyciski są w dolnej części ekranu.',
  callStaff: 'Wezwij obsługę',
  calling: 'Obsługa została wezwana. Ktoś zaraz przyjdzie pomóc.',
  answered: 'Pracownik zobaczył wezwanie i już idzie.',
  callFailed: 'Wezwanie nie dotarło. Spróbuj ponownie lub zapytaj w recepcji.',
  thisKiosk: 'Kiosk',
  callsTitle: 'Potrzebna pomoc',
  needsHelp: '{{name}} potrzebuje pomocy',
  answer: 'Już idę',
  idleHint: 'Dotknij ekranu lub naciśnij dowolny klawisz, aby kontynuować.',
  idleHintKeys: 'Naciśnij dowolny klawisz, aby kontynuować.',
};
