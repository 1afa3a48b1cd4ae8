/**
 * The shop's logo, from a file IT names in the machine config. It reaches the renderer as a
 * data: URL that the renderer only ever puts in an <img>: an SVG shown that way runs no script
 * and loads nothing, and the CSP (img-src 'self' data:) needs no change. The file is checked
 * here all the same: at most MAX_LOGO_BYTES, a real PNG (by its signature) or an SVG document
 * (by its root element) - never whatever a path happens to hold.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';

export const MAX_LOGO_BYTES = 256 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type LogoRead = { ok: true; dataUrl: string } | { ok: false; reason: string };

/** An SVG document: optional BOM, XML declaration, comments and doctype, then <svg. */
function looksLikeSvg(text: string): boolean {
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE svg[^>[]*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '');
  // Entities can expand without bound (billion laughs): a logo needs none.
  return /^\s*<svg[\s>]/.test(head) && !/<!ENTITY/i.test(text);
}

export function readShopLogo(path: string): LogoRead {
  const type = extname(path).toLowerCase();
  if (type !== '.png' && type !== '.svg')
    return { ok: false, reason: 'a logo must be a .png or .svg file' };
  let bytes: Buffer;
  try {
    const size = statSync(path).size;
    if (size > MAX_LOGO_BYTES)
      return { ok: false, reason: `larger than ${MAX_LOGO_BYTES / 1024} KiB` };
    bytes = readFileSync(path);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return { ok: false, reason: code === 'ENOENT' ? 'file not found' : `cannot be read (${code})` };
  }
  if (bytes.length > MAX_LOGO_BYTES)
    return { ok: false, reason: `larger than ${MAX_LOGO_BYTES / 1024} KiB` };
  if (type === '.png') {
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE))
      return { ok: false, reason: 'not a PNG image' };
    return { ok: true, dataUrl: `data:image/png;base64,${bytes.toString('base64')}` };
  }
  if (!looksLikeSvg(bytes.toString('utf8'))) return { ok: false, reason: 'not an SVG image' };
  return { ok: true, dataUrl: `data:image/svg+xml;base64,${bytes.toString('base64')}` };
}
