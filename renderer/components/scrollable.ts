/**
 * For a screen body with nothing focusable inside (confirmation, receipt): larger text can make
 * it scroll, and a keyboard can only scroll what it can focus (axe scrollable-region-focusable).
 */
export const SCROLLABLE = { tabIndex: 0 } as const;
