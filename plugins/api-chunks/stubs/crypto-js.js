/**
 * Stands in for the whole of `crypto-js` in the browser bundle (plugins/api-chunks): the OpenAPI theme's
 * `ApiExplorer/storage-utils` imports it only for `SHA1(message).toString()`; `crypto-js/sha1` alone is
 * about 2 KB gzip against 23 KB.
 */
module.exports = { SHA1: require('crypto-js/sha1') };
