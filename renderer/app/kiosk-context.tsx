import { createContext, useContext } from 'react';
import type { Service } from '../../shared/api/schemas';
import type { Catalog, KioskClient, PublicSettings } from '../../shared/kiosk-api';
import { businessZone } from '../lib/dates';

export interface KioskContextValue {
  client: KioskClient;
  /** What the customer screen may know; staff settings need a session (StaffArea). */
  settings: PublicSettings;
  catalog: Catalog;
  /** The kiosk's clock, injected so that tests fix "today". */
  now: () => Date;
  /** The locale for Intl: the customer's language choice. */
  locale: string;
  /**
   * The shop's language, which the API's texts (services, categories) are written in: elements
   * showing them carry it as `lang`, so that case rules and hyphenation follow it, not the
   * customer's choice (Turkish upper-casing of "Haarschnitt" gives "HAARSCHNİTT").
   */
  dataLang: string;
  reloadSettings: () => Promise<void>;
}

export const KioskContext = createContext<KioskContextValue | null>(null);

export function useKiosk(): KioskContextValue {
  const value = useContext(KioskContext);
  if (!value) throw new Error('useKiosk outside KioskContext');
  return value;
}

/** The shop's IANA zone: every date and time on screen is the shop's (issue 38 item 12). */
export function useShopZone(): string {
  return businessZone(useKiosk().settings.timeZone);
}

export function useService(serviceId: string | null): Service | null {
  const { catalog } = useKiosk();
  return catalog.services.find((service) => service._id === serviceId) ?? null;
}
