import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../../shared/kiosk-http-client';

function parse(chunks: string[]): string[] {
  const out: string[] = [];
  const parser = createSseParser((data) => out.push(data));
  for (const chunk of chunks) parser.push(chunk);
  return out;
}

describe('createSseParser', () => {
  it('dispatches each event at its blank line', () => {
    expect(parse(['data: {"a":1}\n\ndata: {"b":2}\n\n'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('joins multi-line data and ignores comments and other fields', () => {
    expect(parse([': heartbeat\n\nevent: status\nid: 7\ndata: one\ndata:two\n\n'])).toEqual([
      'one\ntwo',
    ]);
  });

  it('handles events split across chunks at any point, and CRLF / CR line ends', () => {
    const text = 'data: {"x":"é"}\r\n\r\ndata: y\r\rdata: z\n\n';
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual(['{"x":"é"}', 'y', 'z']);
    }
  });

  it('does not dispatch an event without its blank line, or a blank line without data', () => {
    expect(parse(['\n\n: only a comment\n\ndata: unfinished\n'])).toEqual([]);
  });
});
