/**
 * Which URLs are our app. The renderer loads from app://frontdesk/index.html (app-protocol.ts);
 * only that page (any hash, any query) may call the kiosk over IPC or stay loaded.
 */
export function isAppUrl(url: string | undefined | null, appUrl: string): boolean {
  if (!url) return false;
  try {
    const candidate = new URL(url);
    const app = new URL(appUrl);
    return (
      candidate.protocol === app.protocol &&
      candidate.host === app.host &&
      candidate.pathname === app.pathname
    );
  } catch {
    return false;
  }
}

/** The hash that the renderer's receipt page sets (renderer/screens/ReceiptScreen.tsx). */
export const RECEIPT_HASH = '#/receipt';
