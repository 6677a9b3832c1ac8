import type { Speedup } from '../speedup';
import { entryScriptsOf, paintFirstScript, withPaintFirstScripts } from './paintFirst';

const speedup: Speedup = {
  manifest: {
    folder: 'paint-first',
    saves: 'a complete page paints before its entry scripts run and hydrate, instead of after',
    internal: 'Docusaurus writes its entry scripts as `<script src=… defer>` in the head (3.10.2)',
    guard:
      'the post-build pass fails naming paint-first when a page still has a `<script src>` in its head (`plugins/paint-first/__tests__/paintFirst.test.ts`)',
    removeWhen: 'browsers paint before running deferred scripts, or Docusaurus defers hydration past the first paint',
  },
  pageStep: {
    // After the steps that read the page's assets as the build wrote it.
    order: 20,
    apply(html) {
      const entries = entryScriptsOf(html);
      const painted = withPaintFirstScripts(html);
      // Loud when Docusaurus writes its entry scripts differently: the page would hydrate before its first
      // paint. (A script in the body came with content: the page check names it.)
      if (/<script\b[^>]*\bsrc=/i.test(painted.slice(0, painted.indexOf('</head>'))))
        throw new Error(
          'paint-first (plugins/paint-first) left a <script src> in the head: Docusaurus no longer writes its ' +
            'entry scripts as <script src=… defer>; update EMPTY_SCRIPT and deferredSource.',
        );
      return { html: painted, ownScript: entries.length > 0 ? paintFirstScript(entries) : undefined };
    },
  },
};
export default speedup;
