/**
 * What `process` resolves to inside React in the browser bundle (plugins/api-chunks). The OpenAPI
 * theme provides Node's `process` to every module (webpack ProvidePlugin); React's production build
 * only checks `typeof process === "object"` to report uncaught errors through `process.emit`, and
 * otherwise uses the browser's own `reportError`. Without this the `process` polyfill travels in the
 * JavaScript every page loads first.
 */
module.exports = undefined;
