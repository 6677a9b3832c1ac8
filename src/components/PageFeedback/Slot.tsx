/**
 * Where "Was this page helpful?" (./index.tsx) goes at the end of a doc or API page. Its code is not in the
 * page's first load: it loads when the reader comes near the end of the page or the browser is idle, into a
 * box of its first height, so nothing moves when it appears (WCAG-neutral, no layout shift).
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
  useEffect(() => {
    if (wanted || !box.current) return undefined;
    const load = () => setWanted(true);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), {
            rootMargin: `0px 0px ${NEAR_PX}px 0px`,
          })
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
  }, [wanted]);
  return (
    <div ref={box} data-page-feedback="" style={{ minHeight: '9.5rem' }}>
      {wanted && (
        <Suspense fallback={null}>
          <PageFeedback pathname={pathname} />
        </Suspense>
      )}
    </div>
  );
}
