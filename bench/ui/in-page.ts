/**
 * Runs inside the page (added as an init script): `__fdWait(screen)` arms a timer on the next
 * pointerdown and resolves with the milliseconds until `[data-screen=screen]` is in the DOM and
 * a frame with it has been painted. Marks and measures land in the Performance timeline.
 */
export const IN_PAGE_SCRIPT = `
window.__fdWait = (screen) => new Promise((resolve) => {
  let tapped = null;
  const onTap = () => { tapped = performance.now(); performance.mark('fd-tap'); };
  document.addEventListener('pointerdown', onTap, { capture: true, once: true });
  const done = () => {
    // rAF runs before the frame is painted; a message posted from it is handled after.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark('fd-painted');
        const measure = performance.measure('fd-tap-to-paint', 'fd-tap', 'fd-painted');
        resolve(measure.duration);
      };
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(() => {
    if (tapped !== null && document.querySelector('[data-screen="' + screen + '"]')) {
      observer.disconnect();
      done();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-screen'] });
});
window.__fdFirstScreen = () => new Promise((resolve) => {
  const check = () => {
    const button = document.querySelector('[data-screen="start"] .btn-hero');
    if (button) {
      requestAnimationFrame(() => resolve(performance.now()));
      return true;
    }
    return false;
  };
  if (check()) return;
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document.documentElement, { childList: true, subtree: true });
});
`;
