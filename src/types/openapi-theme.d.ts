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
    item: { method: string; path: string };
    infoPath: string;
  }
  export default function ApiExplorer(props: Props): ReactNode;
}

declare module '@theme/SkeletonLoader' {
  import type { ReactNode } from 'react';
  export default function SkeletonLoader(props: { size?: 'sm' | 'md' | 'lg' }): ReactNode;
}

// Sections of an operation page that the theme renders in the browser only; wrapped by src/theme/<name>.
declare module '@theme-original/ParamsDetails' {
  import type { ReactNode } from 'react';
  export default function ParamsDetails(props: Record<string, unknown>): ReactNode;
}

declare module '@theme-original/RequestSchema' {
  import type { ReactNode } from 'react';
  export default function RequestSchema(props: Record<string, unknown>): ReactNode;
}

declare module '@theme-original/ResponseSchema' {
  import type { ReactNode } from 'react';
  export default function ResponseSchema(props: Record<string, unknown>): ReactNode;
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

declare module '@theme-original/Markdown' {
  import type { ComponentType } from 'react';
  /** The Markdown source, as a string (lib/theme/Markdown/index.js). */
  export interface Props {
    children?: string;
  }
  const Markdown: ComponentType<Props>;
  export default Markdown;
}

declare module '@theme-original/ApiExplorer/Response' {
  import type { ComponentType } from 'react';
  const Response: ComponentType<Record<string, unknown>>;
  export default Response;
}

/** Props of the theme's tab bars (lib/theme/ApiTabs, SchemaTabs): `lazy` renders the selected panel alone. */
interface OpenApiTabsProps {
  lazy?: boolean;
  children?: import('react').ReactNode;
  [prop: string]: unknown;
}

declare module '@theme-original/ApiTabs' {
  import type { ReactNode } from 'react';
  export type Props = OpenApiTabsProps;
  /** The tab bar of an operation's responses, one tab per status code. */
  export default function ApiTabs(props: Props): ReactNode;
}

declare module '@theme-original/SchemaTabs' {
  import type { ReactNode } from 'react';
  export type Props = OpenApiTabsProps;
  /** The tab bar of a body's "Schema" | "Example" and of a schema's oneOf/anyOf choices. */
  export default function SchemaTabs(props: Props): ReactNode;
}
