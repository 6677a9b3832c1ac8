/**
 * Where "Was this page helpful?" (./index.tsx) goes at the end of a doc or API page. Its code is not in the
 * page's first load: it loads when the reader comes near the end of the page or the browser is idle, into a
 * box of its first height, so nothing moves when it appears (no layout shift). When the reader reaches it, the
 * widget records that the page was read to its end (rules/insights.ts `read`).
 */
import React, { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';

const PageFeedback = lazy(() => import(/* webpackChunkName: "page-feedback" */ './index'));

/** How far below the viewport the end of the page starts the load, px. */
const NEAR_PX = 600;

/** The longest the browser may stay busy before the widget loads anyway, ms. */
const IDLE_TIMEOUT_MS = 4000;

export default function PageFeedbackSlot(): ReactNode {
  const { pathname } = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  const [reached, setReached] = useState(false);
  useEffect(() => {
    setReached(false);
    if (!box.current) return undefined;
    const load = () => setWanted(true);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) load();
              if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio > 0)) setReached(true);
            },
            { rootMargin: `0px 0px ${NEAR_PX}px 0px`, threshold: [0, 0.01] },
          )
        : undefined;
    observer?.observe(box.current);
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(load, IDLE_TIMEOUT_MS);
    return () => {
      observer?.disconnect();
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [pathname]);
  return (
    <div ref={box} data-page-feedback="" style={{ minHeight: '9.5rem' }}>
      {wanted && (
        <Suspense fallback={null}>
          <PageFeedback pathname={pathname} reached={reached} />
        </Suspense>
      )}
    </div>
  );
}
