/**
 * The hub: pairing, screen roles, the hub's certificate and mDNS, an Electron screen of a hub.
 * Other rooms and the composition import this room through this file only (eslint.config.js).
 */
export { loadHubCertificate } from './hub-certificate';
export type { HubCertificate } from './hub-certificate';
export { HubMachineFile, hubRolesFromFile, ListenText, parseListen, PathText } from './hub-config';
export type { HubConfig, HubListen } from './hub-config';
export { announceHub, mdnsHostName } from './hub-mdns';
export type { HubAnnouncer } from './hub-mdns';
export { isHubUrl, verifyHubCertificate } from './hub-screen';
export type { HubScreenConfig } from './hub-screen';
export { createPairing } from './pairing';
export type { Pairing, ScreenCheck } from './pairing';
export {
  KIOSK_SCREEN_REFUSED,
  screenGetsStaffEvents,
  screenMayCall,
  screenMayManageScreens,
} from './screen-roles';
