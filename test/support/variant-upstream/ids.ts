/**
 * Identifier formats a remote may choose (spec: "format of identifiers beyond being strings:
 * not shown"). Real ids are mapped on the way out and back on the way in; an id the map has not
 * handed out passes through unchanged (the server then answers for an unknown id).
 */
import { createHash } from 'node:crypto';
import type { IdFormat } from './switches';

export class IdMap {
  private readonly toVariant = new Map<string, string>();
  private readonly toReal = new Map<string, string>();

  constructor(private readonly format: () => IdFormat) {}

  /** The id the client sees for a real one. */
  out(real: string): string {
    const format = this.format();
    if (format === 'reference') return real;
    const key = `${format}\u0000${real}`;
    let variant = this.toVariant.get(key);
    if (variant === undefined) {
      variant = variantId(format, real, this.toVariant.size + 1);
      this.toVariant.set(key, variant);
      this.toReal.set(variant, real);
    }
    return variant;
  }

  /** The real id for one the client sends. */
  in(variant: string): string {
    return this.toReal.get(variant) ?? variant;
  }
}

function variantId(format: Exclude<IdFormat, 'reference'>, real: string, n: number): string {
  switch (format) {
    case 'uuid': {
      const hex = createHash('sha256').update(real).digest('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    }
    case 'numeric':
      return String(1000 + n);
    case 'url-unsafe':
      // Needs encoding in a query string: slash, ampersand, equals, hash, percent, space, umlaut.
      return `x/${n}&id=${n}#Ä %2F`;
  }
}

/** Appointment and customer numbers in another pattern than the reference's `A-000001` / `C-00001`. */
export function otherNumber(kind: 'appointment' | 'customer', reference: string): string {
  const digits = reference.replace(/\D/g, '').replace(/^0+/, '') || '0';
  return kind === 'appointment' ? `2026/${digits}` : `K${digits}`;
}
