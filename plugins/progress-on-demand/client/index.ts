/**
 * theme-classic's route progress bar (its `lib/nprogress` client module: nprogress, started when a navigation
 * takes over 200 ms), loaded on the first navigation instead of with every page's `main.js`. Each navigation
 * hands the original module its route updates once its code is there; a navigation that ends before then shows
 * no bar, as it would not have under 200 ms.
 */
import type { ClientModule } from '@docusaurus/types';

type RouteUpdate = Parameters<NonNullable<ClientModule['onRouteUpdate']>>[0];

let original: Promise<ClientModule> | undefined;

/** theme-classic's own client module, fetched once. */
function loadOriginal(): Promise<ClientModule> {
  original ??= import(/* webpackChunkName: "progress-bar" */ '@docusaurus/theme-classic/lib/nprogress').then(
    (module: { default: ClientModule }) => module.default,
  );
  return original;
}

const clientModule: ClientModule = {
  onRouteUpdate(update: RouteUpdate) {
    const { location, previousLocation } = update;
    if (!previousLocation || location.pathname === previousLocation.pathname) return undefined;
    let ended = false;
    let cleanup: (() => void) | void;
    void loadOriginal().then((module) => {
      if (!ended) cleanup = module.onRouteUpdate?.(update);
    });
    return () => {
      ended = true;
      cleanup?.();
    };
  },
  onRouteDidUpdate(update) {
    // Only a bar that was started has anything to finish.
    void original?.then((module) => module.onRouteDidUpdate?.(update));
  },
};
export default clientModule;
