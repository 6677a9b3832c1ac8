/**
 * Stand-in for `@theme-original/*` and `@theme/*` in unit tests: renders its props as data so a test
 * can see what a swizzle passed to the original component.
 */
import React from 'react';

export default function ThemeOriginal(props: Record<string, unknown> & { children?: React.ReactNode }) {
  const { children, ...rest } = props;
  return (
    <div data-testid="theme-original" data-props={JSON.stringify(rest)}>
      {children}
    </div>
  );
}
