import { describe, expect, it } from 'vitest';
import { takeShellToken } from '../../renderer/kiosk/token';

describe('takeShellToken', () => {
  it('takes the token from the fragment, keeps it in sessionStorage and clears the address bar', () => {
    window.history.replaceState(null, '', '/?x=1#token=abc%2Fdef');
    sessionStorage.clear();
    expect(takeShellToken(window.location, window.history, sessionStorage)).toBe('abc/def');
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?x=1');
    // A reload has no fragment any more: the stored token is used.
    expect(takeShellToken(window.location, window.history, sessionStorage)).toBe('abc/def');
  });

  it('returns null when there is no token anywhere', () => {
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
    expect(takeShellToken(window.location, window.history, sessionStorage)).toBeNull();
  });
});
