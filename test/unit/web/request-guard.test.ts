import { describe, expect, it } from 'vitest';
import {
  hasBearerToken,
  hostName,
  isAllowedHost,
  isAllowedHubHost,
  isAllowedOrigin,
} from '../../../electron/web/request-guard';

describe('isAllowedHost', () => {
  it.each([
    ['127.0.0.1:5175', true],
    ['localhost:5175', true],
    ['LOCALHOST:5175', true],
    ['127.0.0.1', false],
    ['127.0.0.1:5176', false],
    ['evil.example:5175', false],
    ['127.0.0.1.evil.example:5175', false],
    ['[::1]:5175', false],
    [undefined, false],
  ])('%s -> %s', (host, expected) => {
    expect(isAllowedHost(host, 5175)).toBe(expected);
  });
});

describe('isAllowedOrigin', () => {
  it.each([
    [undefined, '127.0.0.1:5175', true],
    ['http://127.0.0.1:5175', '127.0.0.1:5175', true],
    ['http://localhost:5175', 'localhost:5175', true],
    ['http://localhost:5175', '127.0.0.1:5175', false],
    ['https://127.0.0.1:5175', '127.0.0.1:5175', false],
    ['null', '127.0.0.1:5175', false],
    ['http://evil.example', '127.0.0.1:5175', false],
    ['http://127.0.0.1:5175', undefined, false],
  ])('origin %s with host %s -> %s', (origin, host, expected) => {
    expect(isAllowedOrigin(origin, host)).toBe(expected);
  });
});

describe('isAllowedHubHost', () => {
  const names = new Set([
    '127.0.0.1',
    'localhost',
    'frontdesk.shop.lan',
    '192.168.1.20',
    '[fe80::1]',
  ]);
  it.each([
    ['frontdesk.shop.lan:8443', 8443, true],
    ['FRONTDESK.shop.lan:8443', 8443, true],
    ['192.168.1.20:8443', 8443, true],
    ['[fe80::1]:8443', 8443, true],
    ['localhost:8443', 8443, true],
    ['frontdesk.shop.lan', 8443, false],
    ['frontdesk.shop.lan', 443, true],
    ['frontdesk.shop.lan:443', 443, true],
    ['frontdesk.shop.lan:8444', 8443, false],
    ['evil.example:8443', 8443, false],
    ['frontdesk.shop.lan.evil.example:8443', 8443, false],
    ['192.168.1.21:8443', 8443, false],
    ['[fe80::2]:8443', 8443, false],
    ['fe80::1', 8443, false],
    ['', 8443, false],
    [undefined, 8443, false],
  ])('%s on port %d -> %s', (host, port, expected) => {
    expect(isAllowedHubHost(host, { port, scheme: 'https', names })).toBe(expected);
  });

  it('writes IPv6 addresses in brackets, as in a Host header', () => {
    expect(hostName('FE80::1')).toBe('[fe80::1]');
    expect(hostName('192.168.1.20')).toBe('192.168.1.20');
  });

  it('wants the https origin on a hub, the http one otherwise', () => {
    expect(
      isAllowedOrigin('https://frontdesk.shop.lan:8443', 'frontdesk.shop.lan:8443', 'https'),
    ).toBe(true);
    expect(
      isAllowedOrigin('http://frontdesk.shop.lan:8443', 'frontdesk.shop.lan:8443', 'https'),
    ).toBe(false);
    expect(isAllowedOrigin('https://evil.example', 'frontdesk.shop.lan:8443', 'https')).toBe(false);
  });
});

describe('hasBearerToken', () => {
  it.each([
    ['Bearer s3cret-token', true],
    ['bearer s3cret-token', true],
    ['Bearer  s3cret-token ', true],
    ['Bearer s3cret-token2', false],
    ['Bearer s3cret', false],
    ['Bearer', false],
    ['s3cret-token', false],
    ['Basic s3cret-token', false],
    ['Bearer s3cret-token extra', false],
    [undefined, false],
  ])('%j -> %s', (header, expected) => {
    expect(hasBearerToken(header, 's3cret-token')).toBe(expected);
  });
});
