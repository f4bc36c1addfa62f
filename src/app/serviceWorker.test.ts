// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A navigator.serviceWorker stand-in: registration resolves at once; tests fire 'controllerchange' themselves. */
function fakeContainer(controller: object | null) {
  const target = new EventTarget();
  const registration = Object.assign(new EventTarget(), { waiting: null, installing: null, active: null, update: vi.fn(async () => undefined) });
  return Object.assign(target, {
    controller,
    getRegistrations: vi.fn(async () => []),
    register: vi.fn(async () => registration),
  });
}

/** A router whose location the test moves; subscribers hear every move. */
function fakeRouter(pathname: string) {
  const subscribers: ((s: { location: { pathname: string } }) => void)[] = [];
  return {
    state: { location: { pathname } },
    subscribe: (fn: (s: { location: { pathname: string } }) => void) => (subscribers.push(fn), () => undefined),
    go(path: string) {
      for (const fn of subscribers) fn({ location: { pathname: path } });
    },
  };
}

describe('service worker updates (§4)', () => {
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('PROD', true);
    reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  async function start(controller: object | null) {
    const container = fakeContainer(controller);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
    const router = fakeRouter('/product/summit-tee/');
    const { startServiceWorker } = await import('./serviceWorker');
    startServiceWorker(router as never);
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    return { container, router };
  }

  it('a first visit: the worker claiming the page does not reload it on the next route change', async () => {
    const { container, router } = await start(null);
    container.dispatchEvent(new Event('controllerchange'));
    router.go('/product/summit-tee/Navy/');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a page already under a worker: a new build taking over reloads at the next route change to another path', async () => {
    const { container, router } = await start({});
    container.dispatchEvent(new Event('controllerchange'));
    router.go('/product/summit-tee/');
    expect(reload).not.toHaveBeenCalled();
    router.go('/collection/tees/');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after a first claim, a later new build still reloads', async () => {
    const { container, router } = await start(null);
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    router.go('/collection/tees/');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
