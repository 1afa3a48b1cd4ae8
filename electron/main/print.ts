import type { WebContents, WebContentsPrintOptions } from 'electron';
import type { Printer } from '../../shared/kiosk-api';
import type { Logger } from '../core/platform';
import { RECEIPT_HASH } from './app-url';

export type PrintableContents = Pick<WebContents, 'on' | 'getPrintersAsync'> & {
  print(
    options: WebContentsPrintOptions,
    callback?: (success: boolean, failureReason: string) => void,
  ): void;
};

/** The printers the system lists, as the settings offer them (name prints, displayName reads). */
export async function listSystemPrinters(contents: PrintableContents): Promise<Printer[]> {
  const printers = await contents.getPrintersAsync();
  return printers
    .filter((printer) => printer.name.length > 0 && printer.name.length <= 200)
    .map((printer) => ({
      name: printer.name,
      displayName: (printer.displayName || printer.name).slice(0, 200),
    }));
}

/**
 * Silent receipt printing: when the renderer opens its receipt page, print it without a dialog
 * on the printer chosen in Settings (or set by IT), read at each receipt so that a change
 * applies at once. Without a printer nothing is printed (the page stays on screen).
 */
export function printReceiptsSilently(
  contents: PrintableContents,
  printerName: () => string | null,
  log: Logger,
): void {
  contents.on('did-navigate-in-page', (_event, url) => {
    if (!url.endsWith(RECEIPT_HASH)) return;
    const deviceName = printerName();
    if (!deviceName) return;
    contents.print(
      {
        silent: true,
        deviceName,
        printBackground: false,
        margins: { marginType: 'none' },
      },
      (success, reason) => {
        if (success) log.info('receipt printed');
        else log.warn('receipt not printed', { reason });
      },
    );
  });
}
