// Thin wrap: inside an operation's documented request body and responses (its RequestSchema and
// ResponseSchema provide `LazySchemaTabs`), the theme's SchemaTabs ("Schema" | "Example", and a schema's
// oneOf/anyOf choices) render the selected panel alone, and another when it is chosen: the theme's tabs take
// `lazy` for this (lib/theme/SchemaTabs TabContent, like Docusaurus' own Tabs `lazy`). A hidden example is
// highlighted JSON, a large share of the operation page's DOM, committed in the task that shows the schemas;
// hidden, it is neither seen, read by a screen reader nor found by find-in-page.
// The explorer's own SchemaTabs (its request body editors, whose text lives in the panel) keep every panel.
import React, { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import SchemaTabs, { type Props } from '@theme-init/SchemaTabs';

/** Whether the SchemaTabs inside render their selected panel alone; false unless a provider says so. */
export const LazySchemaTabs = createContext(false);

/**
 * @param Component - a documented section (the theme's RequestSchema or ResponseSchema).
 * @returns the same component, its SchemaTabs rendering the chosen panel alone.
 */
export function withLazySchemaTabs<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithLazySchemaTabs(props: P): ReactNode {
    return (
      <LazySchemaTabs.Provider value>
        <Component {...props} />
      </LazySchemaTabs.Provider>
    );
  }
  return WithLazySchemaTabs;
}

export default function SchemaTabsWrapper(props: Props): ReactNode {
  return <SchemaTabs lazy={useContext(LazySchemaTabs)} {...props} />;
}
