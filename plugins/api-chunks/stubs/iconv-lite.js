/**
 * Stands in for `iconv-lite` in the browser bundle (plugins/api-chunks): postman-collection calls only
 * `encodingExists` and `decode` to read a response body in a non-UTF-8 charset, which the browser's own
 * TextDecoder (WHATWG Encoding) does without iconv's large code-page tables.
 */
function encodingExists(charset) {
  try {
    new TextDecoder(charset);
    return true;
  } catch {
    return false;
  }
}

function decode(buffer, charset) {
  return new TextDecoder(charset).decode(buffer);
}

module.exports = { encodingExists, decode };
