/**
 * What `Buffer` resolves to inside `@aws-crypto/*` in the browser bundle (plugins/api-chunks). The
 * OpenAPI theme provides Node's `Buffer` to every module (webpack ProvidePlugin), and
 * `@aws-crypto/util` only checks `typeof Buffer !== "undefined"` to prefer it over its own
 * TextEncoder path, which every browser supports; without this the whole buffer polyfill travels with
 * Amplify on every page.
 */
module.exports = { Buffer: undefined };
