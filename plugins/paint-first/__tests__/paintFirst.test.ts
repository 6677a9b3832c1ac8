import { paintFirstLoader, paintFirstScript, withPaintFirstScripts } from '../paintFirst';
import speedup from '../speedup';

const HEAD =
  '<head><link rel=stylesheet href=/assets/css/styles.css />' +
  '<script src=/assets/js/runtime~main.1.js defer></script><script src=/assets/js/main.2.js defer></script></head>';

/** Runs the loader's code against a fake document, and hands back what it did. */
function runLoader(html: string, readyState: DocumentReadyState) {
  const code = /<script>(\(function\(\)\{.*?\}\)\(\))<\/script>/.exec(html)?.[1];
  if (!code) throw new Error('no loader in page');
  const appended: { src: string; async: boolean }[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let onReady: (() => void) | undefined;
  const document = {
    readyState,
    addEventListener: (type: string, listener: () => void) => type === 'DOMContentLoaded' && (onReady = listener),
    createElement: () => ({ src: '', async: true }),
    head: { appendChild: (element: { src: string; async: boolean }) => appended.push(element) },
  };
  new Function('document', 'requestAnimationFrame', 'setTimeout', code)(
    document,
    (run: () => void) => frames.push(run),
    (run: () => void, ms: number) => timers.push({ run, ms }),
  );
  return { appended, frames, timers, ready: () => onReady?.() };
}

describe('paint before scripts', () => {
  it('preloads the entry scripts at low priority, as defer scripts load, and replaces the tags with one loader', () => {
    const html = withPaintFirstScripts(HEAD);
    expect(html).not.toMatch(/\bdefer\b/);
    expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/assets/js/runtime~main.1.js">');
    expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/assets/js/main.2.js">');
    expect(html).toContain(paintFirstLoader(['/assets/js/runtime~main.1.js', '/assets/js/main.2.js']));
    expect(withPaintFirstScripts(html)).toBe(html);
  });

  it('runs the scripts in order only after parsing has ended and a frame has been painted', () => {
    const page = runLoader(withPaintFirstScripts(HEAD), 'loading');
    expect(page.frames).toHaveLength(0);
    page.ready();
    expect(page.appended).toHaveLength(0);
    page.frames.shift()?.(); // the frame after parsing: scripts wait until it is out
    expect(page.appended).toHaveLength(0);
    page.frames.shift()?.();
    expect(page.appended).toEqual([
      { src: '/assets/js/runtime~main.1.js', async: false },
      { src: '/assets/js/main.2.js', async: false },
    ]);
    // The fallback timer finds them loaded and does not load them again.
    page.timers.find((timer) => timer.ms === 100)?.run();
    expect(page.appended).toHaveLength(2);
  });

  it('still runs the scripts where no frame comes (a tab in the background)', () => {
    const page = runLoader(withPaintFirstScripts(HEAD), 'interactive');
    expect(page.frames).toHaveLength(1);
    page.timers.find((timer) => timer.ms === 100)?.run();
    expect(page.appended.map((script) => script.src)).toEqual(['/assets/js/runtime~main.1.js', '/assets/js/main.2.js']);
  });

  it('leaves a page without deferred scripts alone', () => {
    expect(withPaintFirstScripts('<head></head>')).toBe('<head></head>');
  });
});

describe("paint-first's page step", () => {
  const context = { relative: 'docs/index.html', manifests: { tree: [], routes: {}, client: {} } as never, assets: [] };

  it('writes the loader into the page and hands it to the pass as the site’s own script', () => {
    const { html, ownScript } = speedup.pageStep!.apply(HEAD, context);
    expect(html).not.toMatch(/<script src=/);
    expect(ownScript).toBe(paintFirstScript(['/assets/js/runtime~main.1.js', '/assets/js/main.2.js']));
  });

  it('fails, naming paint-first, when an entry script is not written as Docusaurus 3 writes it', () => {
    const moduleEntry = '<head><script type="module" src="/assets/js/main.js"></script></head>';
    expect(() => speedup.pageStep!.apply(moduleEntry, context)).toThrow(
      /paint-first .* no longer writes its entry scripts/,
    );
  });
});
