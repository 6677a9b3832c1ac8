/**
 * Stands in for `@faker-js/faker/locale/en` in the browser bundle (plugins/api-chunks). postman-collection
 * uses faker only to resolve Postman's `{{$random…}}` dynamic variables, which the API explorer never
 * does; the real module ships every English word list. Any property is a function
 * that returns an empty string, so a stray `{{$randomX}}` becomes '' instead of throwing.
 */
const empty = function () {
  return '';
};
const faker = new Proxy(empty, {
  get(target, property) {
    if (typeof property === 'symbol' || property === 'then' || property === '__esModule') return undefined;
    return faker;
  },
  apply() {
    return '';
  },
});
module.exports = faker;
