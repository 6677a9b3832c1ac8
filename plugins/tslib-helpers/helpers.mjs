// The tslib helpers @docusaurus/utils-common calls (./index.ts HELPERS), from tslib's ES module build
// (its `module` export), so the bundler keeps those and drops the rest.
export { __importDefault } from 'tslib';
