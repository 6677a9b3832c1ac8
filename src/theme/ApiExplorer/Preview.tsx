import React, { useEffect, type ReactNode } from 'react';
import { useTypedDispatch, useTypedSelector } from '@theme/ApiItem/hooks';
import { setServer } from '@theme/ApiExplorer/Server/slice';
import ApiSample from '@site/src/components/ApiSample';
import { explorerSampleOf, type ExplorerOperation } from '@site/rules/operationSample';

/** Props of {@link ExplorerPreview}: the operation, as the explorer gets it. */
export interface ExplorerPreviewProps {
  operation: ExplorerOperation;
}

/**
 * Chooses the contract's first server when none is chosen yet, as the explorer's Server component
 * does on mount (theme ApiExplorer/Server/index.js), so the operation's heading shows its full URL
 * before the explorer has loaded.
 */
function useDefaultServer(): void {
  const dispatch = useTypedDispatch();
  const server = useTypedSelector((state) => state.server);
  useEffect(() => {
    const first = server.options[0];
    const chosen = server.value && server.options.some((option) => option.url === server.value?.url);
    if (first && !chosen) dispatch(setServer(JSON.stringify(first)));
  }, [dispatch, server]);
}

/**
 * What the explorer column shows until the reader reaches for the explorer: the operation in curl,
 * Python, TypeScript, Java and Go, in the docs' own sample form (ApiSample: `$API_BASE`, `$TOKEN`) with the
 * contract's example path values and body, so it runs as shown (src/lib/explorerSample.ts), and a button
 * that opens the request builder. It needs none of the explorer's code (postman-collection, react-live,
 * code generators), so the operation page is complete and interactive at once; pointing at, tapping or
 * tabbing into it loads the explorer (see OnDemand), which replaces it with its own samples, the request
 * form and "Send API request".
 */
export default function ExplorerPreview({ operation }: ExplorerPreviewProps): ReactNode {
  useDefaultServer();
  return (
    <div className="api-explorer-preview">
      <ApiSample>{explorerSampleOf(operation)}</ApiSample>
      <button type="button" className="button button--primary button--block">
        Open the request builder
      </button>
    </div>
  );
}
