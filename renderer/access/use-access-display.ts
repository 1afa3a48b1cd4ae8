import { useEffect } from 'react';
import { useAccessModes } from './access-modes';

/**
 * Reach mode on the document: `reach-mode` on <html> while a customer screen has it on, and
 * IT's reach line as `--reach-line` (per cent of the screen's height) for the layout.
 */
export function useAccessDisplay(reachLinePercent: number, customerScreen: boolean): void {
  const { reach } = useAccessModes();
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--reach-line', `${reachLinePercent}vh`);
    root.classList.toggle('reach-mode', reach && customerScreen);
  }, [reach, customerScreen, reachLinePercent]);
}
