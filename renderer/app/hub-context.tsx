import { createContext, useContext } from 'react';
import type { HubClient } from '../kiosk/hub-client';

/** The hub's pairing routes when this page is served by a hub (staff see "Screens"); else null. */
export const HubContext = createContext<HubClient | null>(null);

export function useHub(): HubClient | null {
  return useContext(HubContext);
}
