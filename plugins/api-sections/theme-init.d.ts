/**
 * Types for the OpenAPI theme's components (docusaurus-theme-openapi-docs 5.2) that this speed-up wraps as
 * `@theme-init/…` (the theme ships none); shapes follow the theme's lib/theme/<name>.
 */

/** Props of the theme's tab bars (lib/theme/ApiTabs, SchemaTabs): `lazy` renders the selected panel alone. */
interface OpenApiTabsProps {
  lazy?: boolean;
  children?: import('react').ReactNode;
  [prop: string]: unknown;
}

// Sections of an operation page that the theme renders in the browser only; wrapped by ./theme/<name>.
declare module '@theme-init/ParamsDetails' {
  import type { ReactNode } from 'react';
  export default function ParamsDetails(props: Record<string, unknown>): ReactNode;
}

declare module '@theme-init/RequestSchema' {
  import type { ReactNode } from 'react';
  export default function RequestSchema(props: Record<string, unknown>): ReactNode;
}

declare module '@theme-init/ResponseSchema' {
  import type { ReactNode } from 'react';
  export default function ResponseSchema(props: Record<string, unknown>): ReactNode;
}

declare module '@theme-init/Markdown' {
  import type { ComponentType } from 'react';
  /** The Markdown source, as a string (lib/theme/Markdown/index.js). */
  export interface Props {
    children?: string;
  }
  const Markdown: ComponentType<Props>;
  export default Markdown;
}

declare module '@theme-init/ApiTabs' {
  import type { ReactNode } from 'react';
  export type Props = OpenApiTabsProps;
  /** The tab bar of an operation's responses, one tab per status code. */
  export default function ApiTabs(props: Props): ReactNode;
}

declare module '@theme-init/SchemaTabs' {
  import type { ReactNode } from 'react';
  export type Props = OpenApiTabsProps;
  /** The tab bar of a body's "Schema" | "Example" and of a schema's oneOf/anyOf choices. */
  export default function SchemaTabs(props: Props): ReactNode;
}
