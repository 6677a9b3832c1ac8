/**
 * Stands in for the whole of `crypto-js` in the browser bundle (plugins/api-chunks): the OpenAPI theme's
 * `ApiExplorer/storage-utils` imports it only for `SHA1(message).toString()`, and `crypto-js/sha1` alone
 * is a small fraction of the package.
 */
module.exports = { SHA1: require('crypto-js/sha1') };
