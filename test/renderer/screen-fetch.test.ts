import { describe, expect, it, vi } from 'vitest';
import { screenFetch } from '../../renderer/kiosk/client';

function link() {
  return { onUnreachable: vi.fn(), onReachable: vi.fn(), onRemoved: vi.fn() };
}

describe('screenFetch (a screen of a hub)', () => {
  it('sends the CSRF header with the same-origin cookie and reports an answer as reachable', async () => {
    const seen: RequestInit[] = [];
    const observer = link();
    const wrapped = screenFetch((_input, init) => {
      seen.push(init ?? {});
      return Promise.resolve(new Response('{}', { status: 503 }));
    }, observer);
    await wrapped('/api/kiosk/getCatalog', {
      method: 'POST',
      headers: { authorization: 'Bearer x' },
    });
    const headers = new Headers(seen[0]?.headers);
    expect(headers.get('x-frontdesk-screen')).toBe('1');
    expect(headers.get('authorization')).toBe('Bearer x');
    expect(seen[0]?.credentials).toBe('same-origin');
    // A 503 is the core saying the booking API is away: the hub itself answered.
    expect(observer.onReachable).toHaveBeenCalledTimes(1);
    expect(observer.onUnreachable).not.toHaveBeenCalled();
  });

  it('reports a removed screen from the hub header', async () => {
    const observer = link();
    const wrapped = screenFetch(
      () =>
        Promise.resolve(
          new Response('{}', { status: 401, headers: { 'x-frontdesk-screen': 'removed' } }),
        ),
      observer,
    );
    await wrapped('/api/kiosk/getCatalog');
    expect(observer.onRemoved).toHaveBeenCalledTimes(1);
    expect(observer.onReachable).not.toHaveBeenCalled();
  });

  it('reports a failed connection as unreachable, but not the page cancelling its own request', async () => {
    const observer = link();
    await expect(
      screenFetch(() => Promise.reject(new TypeError('Failed to fetch')), observer)('/x'),
    ).rejects.toThrow(TypeError);
    expect(observer.onUnreachable).toHaveBeenCalledTimes(1);
    const aborted = link();
    await expect(
      screenFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')), aborted)('/x'),
    ).rejects.toThrow('aborted');
    expect(aborted.onUnreachable).not.toHaveBeenCalled();
  });
});
