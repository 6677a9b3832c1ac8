/**
 * Puts prism-react-renderer's Prism on `globalThis` for the grammar imported next (Prism's grammar files
 * register on the global Prism), as Docusaurus' `prism-include-languages` does for `additionalLanguages`;
 * ./prismRestore.ts takes it off again.
 */
import { Prism } from 'prism-react-renderer';

const scope = globalThis as { Prism?: unknown; PrismBefore?: unknown };
scope.PrismBefore = scope.Prism;
scope.Prism = Prism;
