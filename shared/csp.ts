/**
 * The one Content-Security-Policy of the renderer: sent as a header by the app:// protocol
 * handler and by the browser shell, and written into index.html at build time (defence in
 * depth should a page ever be loaded without the header). It matches a
 * Vite build: no inline script or style, no remote origin, the QR code as a data: image.
 */
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** As an HTTP header. */
export const CONTENT_SECURITY_POLICY = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/** In a <meta> tag, where browsers ignore (and warn about) frame-ancestors. */
export const META_CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');
