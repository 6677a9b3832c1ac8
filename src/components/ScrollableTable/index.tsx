import React, { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';

/**
 * A Markdown table that a keyboard can scroll (WCAG 2.2 SC 2.1.1, axe `scrollable-region-focusable`):
 * Infima lets a wide table scroll sideways (`display: block; overflow: auto`), which on a
 * narrow screen makes it a region only a mouse or finger could scroll. While the table overflows it is
 * focusable (`tabIndex=0`), so arrow keys scroll it; while it fits it is not an extra tab stop.
 */
export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const table = useRef<HTMLTableElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = table.current;
    if (!element) return undefined;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <table ref={table} {...props} {...(overflows ? { tabIndex: 0 } : {})} />;
}
