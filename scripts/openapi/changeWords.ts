/**
 * A contract change in a customer's words, for the API changelog (./changelog.ts) and `npm run
 * openapi:fetch`: which field, parameter or answer it touches, by name, what it is now and was, and, for a
 * breaking change, what a client must do. Words come from the change's place in the contract (its path
 * under the operation), what happened there (added, removed, replaced) and its values, not from
 * api-smart-diff's own annotations, which name a parameter's array items by an empty name and call every
 * change `[Added]`, `[Removed]` or `[Replaced]` (`[Replaced]  of `[]` in query parameter …`).
 */

/** A value as it reads in Markdown: in backticks, or as JSON text when it holds a backtick itself. */
export type ChangeValue = string | number | boolean | null | undefined;

/** A parameter as the contract declares it. */
export interface ParameterFacts {
  name: string;
  /** `query`, `path`, `header` or `cookie`. */
  in: string;
  required?: boolean;
}

/** What a wording needs to know of one change. */
export interface ChangeFacts {
  /** The change's path under its operation (after `paths`, the template and the method), or the whole path outside one. */
  path: (string | number)[];
  /** The operation, e.g. `GET /doctypes`, when the change is in one. */
  operation?: string;
  action: 'add' | 'remove' | 'replace' | 'rename';
  /** `breaking` adds what a client must do. */
  type: string;
  before?: ChangeValue;
  after?: ChangeValue;
  /** The operation's parameter at an index of its `parameters` list, in the contract the change is read from. */
  parameter?: (index: number) => ParameterFacts | undefined;
}

const code = (value: ChangeValue) => {
  const text = String(value);
  return text.includes('`') ? JSON.stringify(text) : `\`${text}\``;
};
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Bounds and rules of a schema, as a customer calls them. */
const LABELS: Record<string, string> = {
  maximum: 'maximum',
  minimum: 'minimum',
  exclusiveMaximum: 'upper bound (excluded)',
  exclusiveMinimum: 'lower bound (excluded)',
  maxLength: 'maximum length',
  minLength: 'minimum length',
  maxItems: 'maximum number of items',
  minItems: 'minimum number of items',
  maxProperties: 'maximum number of fields',
  minProperties: 'minimum number of fields',
  multipleOf: 'step',
  pattern: 'pattern',
  format: 'format',
  type: 'type',
  default: 'default',
  const: 'fixed value',
  uniqueItems: 'rule that items are unique',
  nullable: 'rule on null',
};

/** What a client sending the value must do when a rule of its request tightens. */
const SEND: Record<string, string> = {
  pattern: 'send values that match it',
  type: 'send values of the new type',
  format: 'send values in the new format',
  default: 'send the value itself if you relied on the old default',
  const: 'send the new value',
};

/** Where a change is: who the reader knows it as, and whether the client sends it or reads it. */
interface Place {
  /** e.g. "query parameter `page_size`", "the request body", "the `200` answer". */
  base: string;
  side: 'request' | 'response' | 'other';
  /** The schema path after the place's `schema`, or the keywords after the place. */
  rest: (string | number)[];
  /** Whether the place is a parameter, whose own `required` is a boolean. */
  parameter?: ParameterFacts;
}

function placeOf(facts: ChangeFacts): Place | undefined {
  const [first, second, third] = facts.path;
  if (first === 'parameters' && typeof second === 'number') {
    const parameter = facts.parameter?.(second);
    const base = parameter ? `${parameter.in} parameter ${code(parameter.name)}` : `parameter ${second + 1}`;
    return {
      base,
      side: 'request',
      rest: third === 'schema' ? facts.path.slice(3) : facts.path.slice(2),
      ...(parameter ? { parameter } : {}),
    };
  }
  if (first === 'requestBody') {
    if (facts.path.length === 3) return { base: `the ${code(third)} request body`, side: 'request', rest: [] };
    return { base: 'the request body', side: 'request', rest: facts.path.slice(4) };
  }
  if (first === 'responses' && second !== undefined) {
    const answer = `the ${code(second)} answer`;
    if (third === 'headers' && facts.path.length >= 4)
      return { base: `header ${code(facts.path[3])} of ${answer}`, side: 'response', rest: facts.path.slice(5) };
    if (third === 'content' && facts.path.length === 4)
      return { base: `the ${code(facts.path[3])} form of ${answer}`, side: 'response', rest: [] };
    if (third === 'content') return { base: answer, side: 'response', rest: facts.path.slice(5) };
    return { base: answer, side: 'response', rest: facts.path.slice(2) };
  }
  return undefined;
}

const COMBINERS = new Set(['anyOf', 'oneOf', 'allOf']);

/** The field a schema path leads to (`publishers[].value`, `[]` for array items), and the keywords after it. */
function fieldOf(rest: (string | number)[]): { field: string; keywords: (string | number)[]; property: boolean } {
  let field = '';
  let property = false;
  let n = 0;
  while (n < rest.length) {
    const key = rest[n];
    if (key === 'properties' && n + 1 < rest.length) {
      field += `${field ? '.' : ''}${rest[n + 1]}`;
      property = true;
      n += 2;
    } else if (key === 'items') {
      field += '[]';
      property = false;
      n += 1;
    } else if (typeof key === 'string' && COMBINERS.has(key) && n + 2 < rest.length) {
      n += 2; // a form of the value: its rules are the field's
    } else break;
  }
  return { field, keywords: rest.slice(n), property: property && n === rest.length };
}

/** How a field is called within its place: "`publishers[].value` in the request body", "each value of …". */
function subjectOf(place: Place, field: string): string {
  if (!field) return place.base;
  if (field === '[]') return `each ${place.side === 'response' ? 'item' : 'value'} of ${place.base}`;
  const inItems = field.startsWith('[].');
  const name = inItems ? field.slice(3) : field;
  const where = `${inItems ? 'each item of ' : ''}${place.base}`;
  return name.endsWith('[]') ? `each value of ${code(name.slice(0, -2))} in ${where}` : `${code(name)} in ${where}`;
}

/** What the change does to the value's rule named `keyword`, as a sentence without its full stop. */
function ruleWords(facts: ChangeFacts, subject: string, keywords: (string | number)[], place: Place): string {
  const [keyword, index] = keywords;
  const { action, before, after } = facts;
  if (keyword === 'enum' && index !== undefined) {
    if (action === 'add') return `${capital(subject)} takes a new value, ${code(after)}`;
    if (action === 'remove') return `${capital(subject)} no longer takes ${code(before)}`;
    return `${capital(subject)} takes ${code(after)} in place of ${code(before)}`;
  }
  if (keyword === 'enum')
    return `The values ${subject} takes ${action === 'remove' ? 'are no longer listed' : 'changed'}`;
  if (keyword === 'required' && index !== undefined) {
    const name = code(action === 'remove' ? before : after);
    return `${name} in ${subject} is ${action === 'remove' ? 'no longer' : 'now'} required`;
  }
  if ((keyword === 'required' && place.parameter) || keyword === 'deprecated') {
    const now = action !== 'remove' && after !== false;
    return `${capital(subject)} is ${now ? 'now' : 'no longer'} ${keyword}`;
  }
  if (typeof keyword === 'string' && COMBINERS.has(keyword)) {
    if (index === undefined)
      return `${capital(subject)} ${action === 'remove' ? 'no longer takes' : 'now takes'} a choice of forms`;
    return `${capital(subject)} takes ${action === 'remove' ? 'one form of value fewer' : action === 'add' ? 'one more form of value' : 'a changed form of value'}`;
  }
  if (keyword === 'if' || keyword === 'then' || keyword === 'else') {
    const rule = 'a rule that depends on its other fields';
    if (action === 'add') return `${capital(subject)} is now checked against ${rule}`;
    if (action === 'remove') return `${capital(subject)} is no longer checked against ${rule}`;
    return `The rule ${subject} is checked against, by its other fields, changed`;
  }
  const label = typeof keyword === 'string' ? (LABELS[keyword] ?? code(keyword)) : code(keywords.join('.'));
  if (action === 'add') return `${capital(subject)} now has a ${label}${after === undefined ? '' : `, ${code(after)}`}`;
  if (action === 'remove')
    return `${capital(subject)} no longer has a ${label}${before === undefined ? '' : ` (it was ${code(before)})`}`;
  const values =
    before !== undefined && after !== undefined ? ` is now ${code(after)} (it was ${code(before)})` : ' changed';
  return `The ${label} of ${subject}${values}`;
}

/** What a client must do for a breaking change, in a few words. */
function clientMust(
  facts: ChangeFacts,
  place: Place | undefined,
  keywords: (string | number)[],
  property: boolean,
): string {
  const [keyword] = keywords;
  if (!facts.path.length) return 'stop calling it';
  if (facts.path[0] === 'security') return 'use an access token that has it';
  if (facts.path[0] === 'parameters' && facts.path.length <= 2)
    return facts.action === 'remove' ? 'stop sending it' : 'send it';
  if (place?.side === 'response') {
    if (keyword === 'enum' || (keywords.length === 0 && facts.action === 'add')) return 'handle it too';
    return 'stop relying on it';
  }
  if (keyword === 'required') return 'send it';
  if (property && facts.action === 'remove') return 'stop sending it';
  if (keyword === 'enum') return 'send only the values it takes';
  if (typeof keyword === 'string' && SEND[keyword]) return SEND[keyword];
  if (typeof keyword === 'string' && LABELS[keyword]) return 'keep what you send within it';
  return 'check what you send against the new description';
}

/**
 * A change in words: a sentence naming what it touches, what it is now and was, and, when breaking, what a
 * client must do (`The pattern of each value of query parameter `jurisdictions` is now `^…$` (it was `^…$`);
 * send values that match it.`). Never an empty name or a `[Replaced]`-style tag.
 */
export function changeWords(facts: ChangeFacts): string {
  const breaking = facts.type === 'breaking';
  const end = (sentence: string, must: string) => `${sentence}${breaking ? `; ${must}` : ''}.`;
  const verb = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' }[facts.action];
  if (facts.path.length === 0 && facts.operation) {
    const operation = code(facts.operation);
    return end(
      facts.action === 'add' ? `New operation ${operation}` : `Operation ${operation} ${verb}`,
      'stop calling it',
    );
  }
  if (facts.path[0] === 'security') {
    const scope = facts.action === 'remove' ? facts.before : facts.after;
    const sentence =
      typeof scope === 'string'
        ? `The access token ${facts.action === 'remove' ? 'no longer needs' : 'needs'} scope ${code(scope)}`
        : 'The access the operation needs changed';
    return end(sentence, 'use an access token that has it');
  }
  if (facts.path[0] === 'parameters' && facts.path.length === 1) {
    const names: string[] = [];
    for (let n = 0; n < 64; n += 1) {
      const parameter = facts.parameter?.(n);
      if (!parameter) break;
      names.push(`${parameter.in} parameter ${code(parameter.name)}${parameter.required ? ' (required)' : ''}`);
    }
    const list = names.join(', ') || 'parameters';
    const takes = facts.action === 'remove' ? 'no longer takes' : 'now takes';
    return end(`The operation ${takes} ${list}`, 'send the required ones');
  }
  if (facts.path[0] === 'deprecated' && facts.path.length === 1)
    return end(
      `The operation is ${facts.after === false || facts.action === 'remove' ? 'no longer' : 'now'} deprecated`,
      '',
    );
  const place = placeOf(facts);
  if (!place) {
    const where = code(facts.path.join('.'));
    return end(`${capital(verb)} ${where}`, 'check your client against the new description');
  }
  const { field, keywords, property } = fieldOf(place.rest);
  const subject = subjectOf(place, field);
  const must = clientMust(facts, place, keywords, property);
  if (keywords.length === 0) {
    const what = property ? `field ${subject}` : subject;
    if (facts.path[0] === 'parameters' && facts.path.length === 2 && facts.action === 'add')
      return end(`New ${place.parameter?.required ? 'required ' : ''}${place.base}`, must);
    if (facts.action === 'add') return end(property ? `New field ${subject}` : `${capital(what)} is now listed`, must);
    return end(`${capital(what)} ${facts.action === 'remove' ? 'is no longer listed' : verb}`, must);
  }
  return end(ruleWords(facts, subject, keywords, place), must);
}
