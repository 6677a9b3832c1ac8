/**
 * What `npm run bench:scale` holds our site to, against the feature-equal anchor built over the same content at
 * the same factor (bench/sites/anchors.ts `equalScaffold`): each target, and which of them a run fails.
 */

/** The pages whose first-load JavaScript is measured. */
export const SCALE_PAGES = ['home', 'doc', 'operation'] as const;
export type ScalePage = (typeof SCALE_PAGES)[number];

/** One site built at one factor. */
export interface ScaleFigures {
  factor: number;
  /** Wall time of the whole build, s. */
  buildS: number;
  /** Peak resident memory of the build's largest process, MiB. */
  peakMiB: number;
  /** Size of the build folder, MiB. */
  outputMiB: number;
  /** First-load JavaScript of each page, KiB gzip -9. */
  firstLoadKiB: Record<ScalePage, number>;
  /** The search index, KiB gzip -9. */
  searchIndexKiB: number;
  /** HTML pages in the build. */
  pages: number;
  /** The post-build pass (postbuild/), s; ours only. */
  postbuildS?: number;
}

/** The limits (the targets). */
export const SCALE_LIMITS = {
  /** At the largest factor, our build time at most this times the anchor's. */
  buildRatio: 1.3,
  /** At the largest factor, our peak memory at most this times the anchor's. */
  memoryRatio: 1.25,
  /** At the largest factor, the post-build pass at most this share of our build time. */
  postbuildShare: 0.15,
  /** Our first-load growth from the smallest to the largest factor at most the anchor's plus this. */
  growthSlack: 0.05,
};

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

/**
 * The targets `ours` misses against `anchor` (the same factors, in the same order, smallest first), each said
 * with the figures that miss it; empty when every target holds.
 */
export function missedScaleTargets(ours: ScaleFigures[], anchor: ScaleFigures[]): string[] {
  const missed: string[] = [];
  ours.forEach((o, i) => {
    const a = anchor[i];
    for (const page of SCALE_PAGES) {
      if (o.firstLoadKiB[page] > a.firstLoadKiB[page]) {
        missed.push(
          `first-load JS of the ${page} page at ${o.factor}×: ${o.firstLoadKiB[page].toFixed(1)} KiB, more than the anchor's ${a.firstLoadKiB[page].toFixed(1)} KiB`,
        );
      }
    }
  });
  const [o1, oN, a1, aN] = [ours[0], ours.at(-1), anchor[0], anchor.at(-1)];
  if (!o1 || !oN || !a1 || !aN || oN.factor === o1.factor) return missed;
  const at = `at ${oN.factor}×`;
  for (const page of SCALE_PAGES) {
    const growth = oN.firstLoadKiB[page] / o1.firstLoadKiB[page] - 1;
    const anchorGrowth = aN.firstLoadKiB[page] / a1.firstLoadKiB[page] - 1;
    if (growth > anchorGrowth + SCALE_LIMITS.growthSlack) {
      missed.push(
        `first-load JS growth of the ${page} page from ${o1.factor}× to ${oN.factor}×: ${pct(growth)}, more than the anchor's ${pct(anchorGrowth)} + ${pct(SCALE_LIMITS.growthSlack)}`,
      );
    }
  }
  if (oN.buildS > SCALE_LIMITS.buildRatio * aN.buildS) {
    missed.push(
      `build time ${at}: ${oN.buildS.toFixed(0)} s, ${(oN.buildS / aN.buildS).toFixed(2)}× the anchor's ${aN.buildS.toFixed(0)} s (limit ${SCALE_LIMITS.buildRatio}×)`,
    );
  }
  if (oN.peakMiB > SCALE_LIMITS.memoryRatio * aN.peakMiB) {
    missed.push(
      `peak memory ${at}: ${oN.peakMiB.toFixed(0)} MiB, ${(oN.peakMiB / aN.peakMiB).toFixed(2)}× the anchor's ${aN.peakMiB.toFixed(0)} MiB (limit ${SCALE_LIMITS.memoryRatio}×)`,
    );
  }
  if (oN.postbuildS === undefined) {
    missed.push(`the post-build pass ${at}: not measured (the build printed no "postbuild: … in N ms" line)`);
  } else if (oN.postbuildS > SCALE_LIMITS.postbuildShare * oN.buildS) {
    missed.push(
      `the post-build pass ${at}: ${oN.postbuildS.toFixed(1)} s, ${pct(oN.postbuildS / oN.buildS)} of the build (limit ${pct(SCALE_LIMITS.postbuildShare)})`,
    );
  }
  const perPage = (f: ScaleFigures) => f.searchIndexKiB / f.pages;
  if (perPage(oN) > perPage(o1)) {
    missed.push(
      `search index per page ${at}: ${perPage(oN).toFixed(2)} KiB, more than at ${o1.factor}× (${perPage(o1).toFixed(2)} KiB)`,
    );
  }
  return missed;
}
