/**
 * @jest-environment node
 *
 * The site's own inline scripts, learned from the code that writes them: the plugins' HTML tags and React's
 * streaming runtime, through the HTML minifier the build uses (@swc/html, as with `future.faster`). A page
 * React renders is then allowed exactly, and a script that only looks like React's is not.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { PageCheck } from '../../../postbuild/pageSafety';
import type { SiteScripts } from '../../../rules/buildFiles';
import { redirectPagesOf } from '../learn';

interface Sample {
  site: SiteScripts;
  themeInPage: string;
  probe: PageCheck;
  hostile: { script: string; kinds: string[] }[];
}

const sample = JSON.parse(
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'learnSample.ts')], {
    encoding: 'utf8',
  }),
) as Sample;

describe('redirectPagesOf', () => {
  it('lists the page plugin-client-redirects writes for each configured redirect', () => {
    const plugins = [
      { name: 'docusaurus-plugin-content-docs', options: {} },
      {
        name: 'docusaurus-plugin-client-redirects',
        options: { redirects: [{ from: '/docs' }, { from: ['/old/', '/older'] }] },
      },
    ];
    expect(redirectPagesOf(plugins)).toEqual(['docs/index.html', 'old/index.html', 'older/index.html']);
    expect(redirectPagesOf([])).toEqual([]);
  });
});

describe('learnSiteScripts', () => {
  it('learns the HTML tags’ scripts as the minifier writes them into pages', () => {
    expect(sample.site.tags).toHaveLength(1);
    expect(sample.site.tags[0]).not.toContain('\n');
    expect(sample.themeInPage).toContain(`<script>${sample.site.tags[0]}</script>`);
    expect(sample.site.staticDirectories).toEqual(['static']);
    expect(sample.site.pluginPages).toEqual(['docs/index.html']);
  });

  it('learns React’s runtime, so a page React renders and the minifier writes is allowed exactly', () => {
    expect(sample.probe.problems).toEqual([]);
    // The theme's script, React's timing constant, its runtime with the first reveal, the second reveal.
    expect(sample.probe.scripts).toHaveLength(4);
    expect(sample.site.react.prelude.length).toBeGreaterThan(sample.site.react.complete.length);
  });

  it('does not take a script that starts like React’s for React’s', () => {
    expect(sample.hostile).toEqual(sample.hostile.map(({ script }) => ({ script, kinds: ['script'] })));
  });
});
