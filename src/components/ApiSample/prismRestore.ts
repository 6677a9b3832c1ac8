/** Gives `globalThis.Prism` back the value it had before ./prismGlobal.ts (usually none). */
const scope = globalThis as { Prism?: unknown; PrismBefore?: unknown };
if (scope.PrismBefore === undefined) delete scope.Prism;
else scope.Prism = scope.PrismBefore;
delete scope.PrismBefore;
