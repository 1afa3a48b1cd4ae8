import { describe, expect, it } from 'vitest';
import { HUB_SERVICE_TYPE, hubAdvert, mdnsHostName } from '../../../electron/core/hub/hub-mdns';

const FINGERPRINT = Array.from({ length: 32 }, () => '7F').join(':');

describe('the mDNS record of the hub', () => {
  it('is a _frontdesk._tcp service on the port with the fingerprint in TXT, named per PC and port', () => {
    expect(hubAdvert({ port: 8443, fingerprint: FINGERPRINT, host: 'counter-pc.local' })).toEqual({
      name: 'Frontdesk hub counter-pc 8443',
      type: HUB_SERVICE_TYPE,
      port: 8443,
      host: 'counter-pc.local',
      txt: { fp: FINGERPRINT, scheme: 'https', path: '/' },
    });
    expect(HUB_SERVICE_TYPE).toBe('frontdesk');
  });

  it.each([
    ['Counter-PC', 'counter-pc.local'],
    ['counter.shop.lan', 'counter.local'],
    ['vm', 'vm.local'],
    ['Büro PC', null],
    ['-bad', null],
    ['', null],
  ])('host name %j -> %j', (name, expected) => {
    expect(mdnsHostName(name)).toBe(expected);
  });
});
