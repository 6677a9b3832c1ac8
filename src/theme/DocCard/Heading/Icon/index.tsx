// Thin wrap: a doc card whose label starts with no emoji of its own gets a drawn icon (SVG, in the text's
// colour) instead of the theme's fallback emoji (🗃 for a category, 📄 for a page, 🔗 for another site),
// which shows as an empty box where no emoji font is installed. An emoji a writer puts first in a label
// stays as written.
import React, { type ReactNode } from 'react';
import isInternalUrl from '@docusaurus/isInternalUrl';
import { extractLeadingEmoji } from '@docusaurus/theme-common/internal';
import Icon from '@theme-original/DocCard/Heading/Icon';
import type { Props } from '@theme/DocCard/Heading/Icon';

/** What a card leads to, as the theme tells them apart for its fallback emoji. */
type Kind = 'category' | 'page' | 'link';

/** The outlines of each kind, on a 24 × 24 grid, drawn with the text's colour. */
const SHAPES: Record<Kind, string[]> = {
  category: [
    'M3 6.5A1.5 1.5 0 0 1 4.5 5H9l2 2h8.5A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z',
  ],
  page: ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 12h6', 'M9 16h6'],
  link: [
    'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1',
    'M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1',
  ],
};

function kindOf(item: Props['item']): Kind {
  if (item.type === 'category') return 'category';
  return item.type === 'link' && !isInternalUrl(item.href) ? 'link' : 'page';
}

export default function DocCardHeadingIconWrapper({ item, icon }: Props): ReactNode {
  if (item.type === 'html' || extractLeadingEmoji(item.label).emoji) return <Icon item={item} icon={icon} />;
  // Decorative: the card's title says what it is.
  const drawn = (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-doc-card-icon={kindOf(item)}
      style={{ verticalAlign: '-0.125em' }}
    >
      {SHAPES[kindOf(item)].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
  return <Icon item={item} icon={drawn} />;
}
