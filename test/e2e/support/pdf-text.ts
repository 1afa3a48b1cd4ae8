/**
 * The text of a PDF that Chromium printed, enough to assert what a receipt says: Skia writes
 * text as glyph ids (`<0012...> Tj`, `[<...> 4 <...>] TJ`) in Flate streams, with a ToUnicode
 * CMap per font. Every text string is decoded with every CMap; the right font's CMap gives the
 * real text, the others noise, so callers look for what they expect in the result.
 */
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const pattern = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      out.push(inflateSync(raw).toString('latin1'));
    } catch {
      out.push(raw.toString('latin1'));
    }
    pattern.lastIndex = end;
  }
  return out;
}

function cmapOf(stream: string): Map<number, string> | null {
  if (!stream.includes('begincmap')) return null;
  const map = new Map<number, string>();
  const hexText = (hex: string): string => {
    let s = '';
    for (let i = 0; i + 4 <= hex.length; i += 4)
      s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return s;
  };
  for (const block of stream.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(src ?? '0', 16), hexText(dst ?? ''));
  }
  for (const block of stream.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, dst] of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      const from = parseInt(lo ?? '0', 16);
      const base = parseInt(dst ?? '0', 16);
      for (let code = from; code <= parseInt(hi ?? '0', 16); code++)
        map.set(code, String.fromCharCode(base + code - from));
    }
  }
  return map;
}

/** Every decoding of the PDF's text, one string per CMap, glyphs joined without spaces. */
export function pdfTexts(pdf: Buffer): string[] {
  const all = streams(pdf);
  const maps = all.map(cmapOf).filter((map): map is Map<number, string> => map !== null);
  const glyphRuns = all
    .filter((stream) => /\bT[jJ]\b/.test(stream))
    .flatMap((stream) => [...stream.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1] ?? ''));
  return maps.map((map) =>
    glyphRuns
      .map((hex) => {
        let s = '';
        for (let i = 0; i + 4 <= hex.length; i += 4)
          s += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
        return s;
      })
      .join(''),
  );
}

/** Whether the PDF shows `wanted` (spaces ignored: Skia positions words rather than typing spaces). */
export function pdfShows(pdf: Buffer, wanted: string): boolean {
  const compact = wanted.replace(/\s+/g, '');
  return pdfTexts(pdf).some((text) => text.replace(/\s+/g, '').includes(compact));
}
