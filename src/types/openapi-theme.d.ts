/**
 * Types for the docusaurus-theme-openapi-docs 5.2 modules this site uses; the theme ships none for
 * its `@theme/*` aliases. Shapes follow lib/theme/ApiExplorer/Authorization/slice.js.
 */

/** One security scheme of an operation, as the explorer's auth slice keeps it. */
interface ApiExplorerAuthOption {
  key: string;
  type?: string;
  scheme?: string;
}

/** The explorer's `auth` state: option id → schemes, scheme → credential fields. */
interface ApiExplorerAuthState {
  options: Record<string, ApiExplorerAuthOption[]>;
  data: Record<string, Record<string, string | undefined>>;
  selected?: string;
}

declare module '@theme/ApiItem/hooks' {
  export function useTypedDispatch(): (action: unknown) => void;
  export function useTypedSelector<T>(selector: (state: { auth: ApiExplorerAuthState }) => T): T;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  export function setAuthData(payload: { scheme: string; key: string; value: string | undefined }): {
    type: string;
    payload: unknown;
  };
}

declare module '@theme-original/ApiExplorer/Authorization' {
  import type { ReactNode } from 'react';
  export default function Authorization(): ReactNode;
}

declare module '@theme-original/ApiExplorer' {
  import type { ReactNode } from 'react';
  /** What the theme's ApiItem passes: the operation (decoded front matter `api`) and the info page path. */
  export interface Props {
    item: unknown;
    infoPath: string;
  }
  export default function ApiExplorer(props: Props): ReactNode;
}

declare module '@theme/SkeletonLoader' {
  import type { ReactNode } from 'react';
  export default function SkeletonLoader(props: { size?: 'sm' | 'md' | 'lg' }): ReactNode;
}

declare module '@theme-original/SearchBar' {
  import type { ReactNode } from 'react';
  export default function SearchBar(): ReactNode;
}
