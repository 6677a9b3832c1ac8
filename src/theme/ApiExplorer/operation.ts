// The operation whose explorer this is (its operationId), for the parts of the explorer that record what the
// reader did with it (./CodeSnippets: a copied sample). Provided by ./index.tsx.
import { createContext } from 'react';

export const OperationContext = createContext<string | undefined>(undefined);
