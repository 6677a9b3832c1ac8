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

/** One server of the contract, as the explorer's server slice keeps it (ApiExplorer/Server/slice.js). */
interface ApiExplorerServer {
  url: string;
  description?: string;
}

declare module '@theme/ApiItem/hooks' {
  export function useTypedDispatch(): (action: unknown) => void;
  export function useTypedSelector<T>(
    selector: (state: {
      auth: ApiExplorerAuthState;
      server: { value?: ApiExplorerServer; options: ApiExplorerServer[] };
      /** The explorer's last answer (ApiExplorer/Response/slice.js): its HTTP status, once sent. */
      response: { code?: string; value?: string };
    }) => T,
  ): T;
}

declare module '@theme/ApiExplorer/Server/slice' {
  /** @param payload - the chosen server, as JSON. */
  export function setServer(payload: string): { type: string; payload: unknown };
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
    /** The operation; of its fields the site reads only these (plugin types.ts `ApiItem`). */
    item: import('@site/src/lib/explorerSample').ExplorerOperation & { operationId?: string };
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

declare module '@theme-original/ApiItem' {
  import type { ComponentType, ReactNode } from 'react';
  export default function ApiItem(props: { content: ComponentType & Record<string, unknown> }): ReactNode;
}

declare module '@theme/ApiItem/store' {
  import type { Middleware, Store } from '@reduxjs/toolkit';
  /** The explorer's Redux store, as ApiItem creates it in the browser (theme ApiItem/store.js). */
  export function createStoreWithState(
    preloadedState: Record<string, unknown>,
    middlewares: Middleware[],
  ): Store<{ server: { value?: ApiExplorerServer; options: ApiExplorerServer[] } }>;
}

declare module '@theme-original/ApiExplorer/Response' {
  import type { ComponentType } from 'react';
  const Response: ComponentType<Record<string, unknown>>;
  export default Response;
}
