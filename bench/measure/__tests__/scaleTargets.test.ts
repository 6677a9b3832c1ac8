import { missedScaleTargets, type ScaleFigures } from '../scaleTargets';

/** A site at `factor`: figures that grow with it as `grow` says. */
function site(factor: number, overrides: Partial<ScaleFigures> = {}): ScaleFigures {
  return {
    factor,
    buildS: 30 * factor,
    peakMiB: 1000 + 100 * factor,
    outputMiB: 10 * factor,
    firstLoadKiB: { home: 100 + factor, doc: 150 + factor, operation: 300 + factor },
    searchIndexKiB: 50 * factor,
    pages: 100 * factor,
    postbuildS: 3 * factor,
    ...overrides,
  };
}

const anchor = [site(1), site(3), site(10)];

describe('bench:scale targets against the feature-equal anchor', () => {
  it('hold for a site that does no worse than the anchor', () => {
    expect(missedScaleTargets([site(1), site(3), site(10)], anchor)).toEqual([]);
  });

  it('name each figure that misses, with its numbers', () => {
    const ours = [
      site(1),
      site(3, { firstLoadKiB: { home: 110, doc: 153, operation: 303 } }),
      site(10, {
        buildS: 400,
        peakMiB: 2600,
        postbuildS: 70,
        searchIndexKiB: 600,
        firstLoadKiB: { home: 200, doc: 160, operation: 310 },
      }),
    ];
    expect(missedScaleTargets(ours, anchor)).toEqual([
      "first-load JS of the home page at 3×: 110.0 KiB, more than the anchor's 103.0 KiB",
      "first-load JS of the home page at 10×: 200.0 KiB, more than the anchor's 110.0 KiB",
      "first-load JS growth of the home page from 1× to 10×: 98 %, more than the anchor's 9 % + 5 %",
      "build time at 10×: 400 s, 1.33× the anchor's 300 s (limit 1.3×)",
      "peak memory at 10×: 2600 MiB, 1.30× the anchor's 2000 MiB (limit 1.25×)",
      'the post-build pass at 10×: 70.0 s, 18 % of the build (limit 15 %)',
      'search index per page at 10×: 0.60 KiB, more than at 1× (0.50 KiB)',
    ]);
  });

  it('say when the post-build pass was not measured', () => {
    const ours = [site(1), site(10, { postbuildS: undefined })];
    expect(missedScaleTargets(ours, [site(1), site(10)])).toEqual([
      'the post-build pass at 10×: not measured (the build printed no "postbuild: … in N ms" line)',
    ]);
  });
});
