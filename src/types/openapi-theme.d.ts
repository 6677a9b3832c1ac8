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
      /** The request's fields (ContentType, Accept, Body and ParamOptions slices), as buildPostmanRequest takes them. */
      contentType: { value: string };
      accept: { value: string };
      body: unknown;
      params: { path: unknown[]; query: unknown[]; cookie: unknown[]; header: unknown[] };
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
    item: import('@site/rules/operationSample').ExplorerOperation & { operationId?: string };
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

declare module '@theme/ApiExplorer/buildPostmanRequest' {
  /** A postman-collection Request (postman-collection lib/collection/request.js), the fields the site reads. */
  export interface PostmanRequest {
    method: string;
    url: {
      host?: string[];
      /** The path, each path variable with a value replaced by it (`:name` without one). */
      getPath(): string;
      query: { all(): { key: string | null; value: string | null; disabled?: boolean }[] };
    };
    headers: { get(name: string): string | undefined };
    body?: { mode?: string; raw?: string };
  }
  /** The explorer's request with its fields filled in (theme lib/theme/ApiExplorer/buildPostmanRequest.js). */
  export default function buildPostmanRequest(
    postman: PostmanRequest,
    options: {
      queryParams: unknown[];
      pathParams: unknown[];
      cookieParams: unknown[];
      headerParams: unknown[];
      contentType: string;
      accept: string;
      body: unknown;
      server?: ApiExplorerServer;
      auth: ApiExplorerAuthState;
    },
  ): PostmanRequest;
}

declare module '@theme/ApiExplorer/CodeTabs' {
  import type { ReactNode } from 'react';
  /** The theme's tabs of its code samples (lib/theme/ApiExplorer/CodeTabs): ARIA tabs, arrow keys, Enter. */
  export default function CodeTabs(props: {
    children: ReactNode;
    action: Record<string, (value: never) => void>;
    languageSet: unknown[];
    currentLanguage?: unknown;
    includeVariant?: boolean;
    groupId?: string;
    defaultValue?: string;
    className?: string;
    lazy?: boolean;
  }): ReactNode;
}

declare module '@theme/ApiExplorer/ApiCodeBlock' {
  import type { ReactNode } from 'react';
  /** The theme's code block of the explorer (highlighting, line numbers, Copy). */
  export default function ApiCodeBlock(props: {
    children: string;
    language?: string;
    className?: string;
    showLineNumbers?: boolean;
  }): ReactNode;
}
