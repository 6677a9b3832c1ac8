import React, { type ReactNode } from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';

/**
 * The theme's skeleton in a box of `heightPx`, the height the section it stands for will take (see
 * ./height.ts), or nothing when that section renders nothing; what the server renders in place of a
 * browser-only section of an operation page, so the page does not shift when the section appears.
 */
export default function SchemaPlaceholder({ heightPx }: { heightPx: number }): ReactNode {
  if (heightPx <= 0) return null;
  return (
    <div style={{ minHeight: heightPx }} data-placeholder-height={heightPx}>
      <SkeletonLoader size="sm" />
    </div>
  );
}
