import type { WebContents, WebContentsPrintOptions } from 'electron';
import type { Logger } from '../core/log';
import { RECEIPT_HASH } from './app-url';

export type PrintableContents = Pick<WebContents, 'on'> & {
  print(
    options: WebContentsPrintOptions,
    callback?: (success: boolean, failureReason: string) => void,
  ): void;
};

/**
 * Silent receipt printing: when the renderer opens its receipt page, print it on the configured
 * printer without a dialog. Without a printer nothing is printed (the page stays on screen).
 */
export function printReceiptsSilently(
  contents: PrintableContents,
  printerName: string | null,
  log: Logger,
): void {
  contents.on('did-navigate-in-page', (_event, url) => {
    if (!printerName || !url.endsWith(RECEIPT_HASH)) return;
    contents.print(
      {
        silent: true,
        deviceName: printerName,
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
