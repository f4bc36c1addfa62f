import { describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { createSessionStore } from '../../auth/session';
import { testStore, user } from '../../auth/testing';
import { createGuard } from './guardLoader';
import { ACCESS_LOOP_LIMIT, createRedirectCounter } from './redirectCounter';

const args = (path: string) => ({ request: new Request(`http://shop.test${path}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

/** The redirect a loader threw (a Response with a Location), or 'render' when it let the route render. */
async function outcome(load: (a: LoaderFunctionArgs) => Promise<unknown>, path: string): Promise<string> {
  try {
    await load(args(path));
    return 'render';
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? '?';
    throw thrown;
  }
}

describe('guard loaders', () => {
  it('runs the guard before the page loader and throws the §2.3 redirect', async () => {
    const session = createSessionStore({ fetchUser: async () => null, storage: null });
    const guard = createGuard({ store: testStore(), session, counter: createRedirectCounter() });
    const page = vi.fn(async () => 'page');
    expect(await outcome(guard({ loginState: 'dashboard-access' }, page), '/dashboard/')).toBe('/login/?redirect_uri=%2Fdashboard%2F');
    expect(page).not.toHaveBeenCalled();
    expect(await guard({}, page)(args('/about/'))).toBe('page');
  });

  it('asks for the session only when the decision depends on the visitor', async () => {
    const fetchUser = vi.fn(async () => user());
    const guard = createGuard({ store: testStore(), session: createSessionStore({ fetchUser, storage: null }), counter: createRedirectCounter() });
    await guard({ storefront: true })(args('/'));
    expect(fetchUser).not.toHaveBeenCalled();
    expect(await outcome(guard({ loginState: 'logged-out' }), '/login/')).toBe('/dashboard/');
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('password-protected store: /login/; coming soon: /countdown/; inactive store: /dashboard/', async () => {
    const anonymous = createSessionStore({ fetchUser: async () => null, storage: null });
    const at = (store: ReturnType<typeof testStore>) => createGuard({ store, session: anonymous, counter: createRedirectCounter() })({ storefront: true });
    expect(await outcome(at(testStore({ passwordProtected: true })), '/')).toBe('/login/');
    expect(await outcome(at(testStore({ comingSoon: true })), '/')).toBe('/countdown/');
    expect(await outcome(at(testStore({ active: false })), '/')).toBe('/dashboard/');
  });

  it('reads the country cookie for country guards', async () => {
    const guard = createGuard({ store: testStore(), session: createSessionStore({ fetchUser: async () => null, storage: null }), counter: createRedirectCounter(), countryCode: () => 'IE' });
    expect(await outcome(guard({ country: 'EU' }), '/eu/')).toBe('render');
    expect(await outcome(guard({ country: 'GB' }), '/uk/')).toBe('/404/');
  });

  it(`more than ${ACCESS_LOOP_LIMIT} consecutive redirects is a loop: /404/, which then renders unguarded`, async () => {
    const counter = createRedirectCounter();
    const guard = createGuard({ store: testStore(), session: createSessionStore({ fetchUser: async () => user(), storage: null }), counter });
    // Two pages sending a signed-in user back and forth for ever.
    const a = guard({ loginState: 'logged-out' });
    for (let i = 1; i <= ACCESS_LOOP_LIMIT; i += 1) expect(await outcome(a, '/a/')).toBe('/dashboard/');
    expect(counter.count).toBe(ACCESS_LOOP_LIMIT);
    expect(await outcome(a, '/a/')).toBe('/404/');
    const notFound = guard({ storefront: true, loginState: 'logged-out' });
    expect(await outcome(notFound, '/404/')).toBe('render');
    // A route that renders ends the run: the counter starts again.
    counter.reset();
    expect(counter.tripped).toBe(false);
    expect(await outcome(a, '/a/')).toBe('/dashboard/');
    expect(counter.count).toBe(1);
  });
});

describe('redirect counter', () => {
  it('trips only past the limit and resets', () => {
    const c = createRedirectCounter(3);
    expect([c.hit(), c.hit(), c.hit()]).toEqual([false, false, false]);
    expect(c.hit()).toBe(true);
    expect(c.tripped).toBe(true);
    c.reset();
    expect(c.count).toBe(0);
    expect(c.hit()).toBe(false);
  });
});
