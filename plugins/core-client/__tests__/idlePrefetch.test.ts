import {
  gateIsOpen,
  idleQueue,
  MAX_SLICE_MS,
  MIN_IDLE_MS,
  onRouteDidUpdate,
  preloadFocusedLink,
  prefetchWhenIdle,
  sectionOf,
  type IdleQueueWindow,
} from '../client/idlePrefetch';
import { signedOut } from '../../../rules/signOut';

/** The visitor is signed in: the gate is open (tests of the closed gate pass their own). */
const signedIn = () => true;

/** The page shown in most tests: an API operation page, whose sidebar links are in its own section. */
const onApiPage = () => '/api/v1/search-documents';

/** A window whose idle periods and timers the test runs by hand; time passes only through `spend`. */
function fakeWindow(idleBudgetMs: number | null) {
  const idle: ((deadline: { timeRemaining(): number }) => void)[] = [];
  const timers: (() => void)[] = [];
  let clock = 0;
  const win: IdleQueueWindow = {
    setTimeout: (callback) => timers.push(callback),
    ...(idleBudgetMs === null ? {} : { requestIdleCallback: (callback) => idle.push(callback) }),
  };
  return {
    win,
    idlePeriod() {
      const end = clock + (idleBudgetMs ?? 0);
      idle.shift()?.({ timeRemaining: () => Math.max(0, end - clock) });
    },
    timer: () => timers.shift()?.(),
    spend: (ms: number) => (clock += ms),
  };
}

/** A Docusaurus client whose prefetch takes 3 ms and records the paths. */
function client(fake: ReturnType<typeof fakeWindow>) {
  const paths: string[] = [];
  const docusaurus = {
    prefetch: (path: string) => {
      fake.spend(3);
      paths.push(path);
      return true;
    },
  };
  // Like the production bundle's `window.docusaurus`, an object whose properties cannot be assigned.
  return { docusaurus: Object.freeze(docusaurus), paths };
}

describe('link prefetch in idle periods', () => {
  it('runs no prefetch at once, then as many per idle period as fit, in order', () => {
    const fake = fakeWindow(2 * 3 + MIN_IDLE_MS);
    const { docusaurus, paths } = client(fake);
    const idle = prefetchWhenIdle(docusaurus, idleQueue(fake.win), onApiPage, signedIn);
    for (let i = 1; i <= 5; i++) expect(idle.prefetch(`/api/v1/op-${i}`)).toBe(true);
    expect(paths).toEqual([]);
    fake.idlePeriod();
    expect(paths).toEqual(['/api/v1/op-1', '/api/v1/op-2']);
    fake.idlePeriod();
    fake.idlePeriod();
    expect(paths).toEqual(['/api/v1/op-1', '/api/v1/op-2', '/api/v1/op-3', '/api/v1/op-4', '/api/v1/op-5']);
  });

  it('stops starting prefetches after a short slice of a long idle period, so no task grows past 50 ms', () => {
    const fake = fakeWindow(50);
    const { docusaurus, paths } = client(fake);
    const idle = prefetchWhenIdle(docusaurus, idleQueue(fake.win), onApiPage, signedIn);
    for (let i = 1; i <= 20; i++) idle.prefetch(`/api/v1/op-${i}`);
    fake.idlePeriod();
    // 3 ms each: jobs start at 0, 3, 6 and 9 ms of the period; at 12 ms the slice is over.
    expect(paths).toHaveLength(Math.ceil(MAX_SLICE_MS / 3));
    fake.idlePeriod();
    expect(paths).toHaveLength(2 * Math.ceil(MAX_SLICE_MS / 3));
  });

  it('runs at least one prefetch per idle period, even a short one', () => {
    const fake = fakeWindow(1);
    const { docusaurus, paths } = client(fake);
    const idle = prefetchWhenIdle(docusaurus, idleQueue(fake.win), onApiPage, signedIn);
    idle.prefetch('/api/a');
    idle.prefetch('/api/b');
    fake.idlePeriod();
    expect(paths).toEqual(['/api/a']);
    fake.idlePeriod();
    expect(paths).toEqual(['/api/a', '/api/b']);
  });

  it('without requestIdleCallback (Safari) runs one prefetch per timer task', () => {
    const fake = fakeWindow(null);
    const { docusaurus, paths } = client(fake);
    const idle = prefetchWhenIdle(docusaurus, idleQueue(fake.win), onApiPage, signedIn);
    idle.prefetch('/api/a');
    idle.prefetch('/api/b');
    fake.timer();
    expect(paths).toEqual(['/api/a']);
    fake.timer();
    expect(paths).toEqual(['/api/a', '/api/b']);
  });

  it('keeps going after a prefetch that throws', () => {
    const fake = fakeWindow(100);
    const enqueue = idleQueue(fake.win);
    const ran: string[] = [];
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    enqueue(() => {
      throw new Error('chunk map missing');
    });
    enqueue(() => ran.push('next'));
    fake.idlePeriod();
    expect(ran).toEqual(['next']);
    expect(console.error).toHaveBeenCalledWith('Idle job failed:', expect.any(Error));
  });
});

describe("only links within the page's own section are prefetched", () => {
  it('names the section of a path', () => {
    expect(['/docs/a/b', '/api/v1/x?y=1', '/', '/blog', '/docs#top'].map(sectionOf)).toEqual([
      'docs',
      'api',
      '',
      'blog',
      'docs',
    ]);
  });

  it("queues a link of the same section, and never one to another section (the navbar's /api on a doc page)", () => {
    const fake = fakeWindow(50);
    const { docusaurus, paths } = client(fake);
    const idle = prefetchWhenIdle(docusaurus, idleQueue(fake.win), () => '/docs/document_format/schema', signedIn);
    expect(idle.prefetch('/docs/api/getting-started')).toBe(true);
    expect(idle.prefetch('/api')).toBe(false);
    expect(idle.prefetch('/blog')).toBe(false);
    fake.idlePeriod();
    expect(paths).toEqual(['/docs/api/getting-started']);
  });

  it('preloads a focused link to another section, as core preloads on hover; not one of the same section', () => {
    const preloaded: string[] = [];
    const docusaurus = { prefetch: () => true, preload: (path: string) => preloaded.push(path) };
    document.body.innerHTML = '<a href="/api">API</a><a href="/docs/x">X</a><a href="https://example.com">out</a>';
    window.history.pushState({}, '', '/docs/document_format/schema');
    for (const link of Array.from(document.querySelectorAll('a'))) preloadFocusedLink({ target: link }, docusaurus);
    expect(preloaded).toEqual(['/api']);
    window.history.pushState({}, '', '/');
    document.body.innerHTML = '';
  });
});

describe('signed out', () => {
  it('neither prefetches nor preloads while the gate is closed, and does both once it opens', () => {
    const fake = fakeWindow(50);
    const { docusaurus, paths } = client(fake);
    const preloaded: string[] = [];
    let open = false;
    const idle = prefetchWhenIdle(
      { ...docusaurus, preload: (path: string) => preloaded.push(path) },
      idleQueue(fake.win),
      onApiPage,
      () => open,
    );
    // The sign-in form over a deep link: its links lead to gated pages, whose chunks the server refuses.
    expect(idle.prefetch('/api/v1/list-doctypes')).toBe(false);
    idle.preload?.('/api');
    fake.idlePeriod();
    expect([paths, preloaded]).toEqual([[], []]);
    open = true;
    expect(idle.prefetch('/api/v1/list-doctypes')).toBe(true);
    idle.preload?.('/api');
    fake.idlePeriod();
    expect([paths, preloaded]).toEqual([['/api/v1/list-doctypes'], ['/api']]);
  });

  it('reads the gate from the page: closed until AuthGate marks its wrapper open', () => {
    document.body.innerHTML = '<div data-auth-gate="closed"></div>';
    expect(gateIsOpen()).toBe(false);
    document.body.innerHTML = '<div data-auth-gate="open"></div>';
    expect(gateIsOpen()).toBe(true);
    document.body.innerHTML = '';
  });
});

describe('dropping pending prefetches', () => {
  it('runs none of the jobs queued before clear(), and later ones again', () => {
    const fake = fakeWindow(100);
    const enqueue = idleQueue(fake.win);
    const ran: string[] = [];
    enqueue(() => ran.push('/api/v1/op-1'));
    enqueue(() => ran.push('/api/v1/op-2'));
    enqueue.clear();
    fake.idlePeriod();
    expect(ran).toEqual([]);
    enqueue(() => ran.push('/api/v1/op-3'));
    fake.idlePeriod();
    expect(ran).toEqual(['/api/v1/op-3']);
  });
});

describe('the client module', () => {
  afterEach(() => jest.useRealTimers());

  it("replaces the page's read-only window.docusaurus once, keeping preload for a signed-in visitor", () => {
    // jsdom has no requestIdleCallback: the queue runs its jobs on timers, which the test runs by hand.
    jest.useFakeTimers();
    document.body.innerHTML = '<div data-auth-gate="open"></div>';
    const preload = jest.fn();
    const prefetch = jest.fn();
    const original = Object.freeze({ prefetch, preload });
    const win = window as unknown as { docusaurus?: typeof original };
    win.docusaurus = original;
    onRouteDidUpdate();
    const replaced = win.docusaurus;
    expect(replaced).not.toBe(original);
    replaced.prefetch('/api');
    // A link of the page's own section (jsdom's page is `/`) is queued for an idle period.
    expect(replaced.prefetch('/')).toBe(true);
    expect(prefetch).not.toHaveBeenCalled();
    replaced.preload('/api');
    expect(preload).toHaveBeenCalledWith('/api');
    onRouteDidUpdate();
    expect(win.docusaurus).toBe(replaced);
    const pending = document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'prefetch' }));
    signedOut({ customFields: {} }); // the session ended before the idle period came
    expect(pending.isConnected).toBe(false);
    document.body.innerHTML = '';
    // The sign-out dropped the queued prefetch: its idle period comes, and nothing is fetched.
    expect(jest.getTimerCount()).toBe(1);
    jest.runAllTimers();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
