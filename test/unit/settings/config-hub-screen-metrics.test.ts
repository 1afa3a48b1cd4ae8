/**
 * The machine file's `hub` as an Electron screen of another PC's hub (`url`, `fingerprint`) and
 * the `metrics` endpoint: what is read, and the one-line refusals.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadKioskStartupConfig } from '../../../electron/core/config/config';

const FILE = '/etc/frontdesk/config.json';
const FINGERPRINT = 'ab'.repeat(32);
const COLONS = Array.from({ length: 32 }, () => 'AB').join(':');

function load(machine: unknown) {
  return loadKioskStartupConfig({
    argv: [],
    env: {},
    platform: 'linux',
    defaultDataDir: '/var/lib/frontdesk',
    readFile: (path) => (path === FILE ? JSON.stringify(machine) : null),
  });
}

function loadError(machine: unknown): string {
  try {
    load(machine);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe("the machine file's hub for an Electron screen", () => {
  it('reads the hub origin and the fingerprint in one form, and is not a hub itself', () => {
    const config = load({
      hub: { url: 'https://Frontdesk.shop.lan:8443/screen?x=1', fingerprint: FINGERPRINT },
    });
    expect(config.hubScreen).toEqual({
      url: 'https://frontdesk.shop.lan:8443/',
      fingerprint: COLONS,
    });
    expect(config.hub).toBeNull();
    expect(load({ hub: { listen: '0.0.0.0:8443' } }).hubScreen).toBeNull();
  });

  it.each([
    [{ url: 'http://shop.lan:8443/', fingerprint: COLONS }, /field hub\.url: expected the https/],
    [{ url: 'https://shop.lan/', fingerprint: 'AB:CD' }, /field hub\.fingerprint: expected/],
    [{ url: 'https://shop.lan/' }, /field hub/],
  ])('refuses %j', (hub, message) => {
    expect(loadError({ hub })).toMatch(message);
  });
});

describe("the machine file's metrics", () => {
  it('reads listen and the token file; absent is off', () => {
    expect(
      load({ metrics: { listen: '127.0.0.1:9464', tokenFile: '/etc/frontdesk/metrics-token' } })
        .metrics,
    ).toEqual({
      listen: { host: '127.0.0.1', port: 9464 },
      tokenFile: '/etc/frontdesk/metrics-token',
      tls: null,
    });
    expect(load({}).metrics).toBeNull();
  });

  it('reads the certificate and key for HTTPS', () => {
    const metrics = {
      listen: '0.0.0.0:9464',
      tokenFile: '/etc/frontdesk/metrics-token',
      tlsCertFile: '/etc/frontdesk/metrics.crt',
      tlsKeyFile: '/etc/frontdesk/metrics.key',
    };
    expect(load({ metrics }).metrics?.tls).toEqual({
      certFile: '/etc/frontdesk/metrics.crt',
      keyFile: '/etc/frontdesk/metrics.key',
    });
  });

  it.each([
    [{ listen: 'localhost:9464', tokenFile: '/t' }, /field metrics\.listen: expected HOST:PORT/],
    [{ listen: '0.0.0.0:9464' }, /field metrics\.tokenFile/],
    [{ listen: '0.0.0.0:9464', tokenFile: '/t', token: 'x' }, /unknown field "token"/],
    [{ listen: '0.0.0.0:9464', tokenFile: '/t', tlsCertFile: '/c' }, /tlsKeyFile together/],
  ])('refuses %j', (metrics, message) => {
    expect(loadError({ metrics })).toMatch(message);
  });
});
