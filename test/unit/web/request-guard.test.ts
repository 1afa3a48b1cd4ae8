import { describe, expect, it } from 'vitest';
import {
  hasBearerToken,
  isAllowedHost,
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
