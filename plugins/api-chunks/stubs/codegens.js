/**
 * Replaces `postman-code-generators/lib/assets/languages.js` in the browser bundle (plugins/api-chunks):
 * only the code generators of the API pages' language tabs (config/openapi.ts `apiLanguageTabs`: curl,
 * Python requests, JavaScript fetch) instead of all 30+, each of which the original requires at load.
 * Entries are copied from postman-code-generators 2.x; `config/__tests__/openapi.test.ts` checks that
 * every language tab has its generator here.
 */
module.exports = [
  {
    type: 'code_generator',
    lang: 'curl',
    variant: 'cURL',
    syntax_mode: 'powershell',
    author: 'Postman Labs <help@getpostman.com>',
    homepage: 'https://github.com/postmanlabs/code-generators/tree/master/codegens/curl',
    main: require('postman-code-generators/codegens/curl/index.js'),
  },
  {
    type: 'code_generator',
    lang: 'JavaScript',
    variant: 'Fetch',
    syntax_mode: 'javascript',
    author: 'Postman Labs <help@getpostman.com>',
    homepage: 'https://github.com/postmanlabs/code-generators/tree/master/codegens/js-fetch',
    main: require('postman-code-generators/codegens/js-fetch/index.js'),
  },
  {
    type: 'code_generator',
    lang: 'python',
    variant: 'Requests',
    syntax_mode: 'python',
    author: 'Postman Labs <help@getpostman.com>',
    homepage: 'https://github.com/postmanlabs/code-generators/tree/master/codegens/python-requests',
    main: require('postman-code-generators/codegens/python-requests/index.js'),
  },
];
