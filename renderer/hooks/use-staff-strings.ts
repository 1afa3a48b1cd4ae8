import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode } from '../../shared/languages';
import { hasStaffStrings, loadStaffStrings } from '../i18n/staff/load';

/**
 * Fetches staff's strings for the screen's language (i18n/staff/load.ts) and re-renders once
 * they are there. False until the first language's strings came (or could not come: English,
 * the fallback, shows then); a later language change keeps the area shown, in English for the
 * moment the chunk takes.
 */
export function useStaffStrings(): boolean {
  const { i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : 'en';
  const [loaded, setLoaded] = useState<string[]>(() =>
    hasStaffStrings(i18n, language) ? [language] : [],
  );
  useEffect(() => {
    let live = true;
    const done = (): void => {
      if (live) setLoaded((list) => (list.includes(language) ? list : [...list, language]));
    };
    void loadStaffStrings(i18n, language).then(done, done);
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return loaded.length > 0;
}
