import { contextBridge, ipcRenderer } from 'electron';
import { buildKioskBridge } from './bridge';

contextBridge.exposeInMainWorld('frontdesk', buildKioskBridge(ipcRenderer));
