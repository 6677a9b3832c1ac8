/**
 * @jest-environment node
 *
 * The code-generator stub of plugins/api-chunks leans on a private file of
 * postman-code-generators, `lib/assets/languages.js`, which it replaces in both bundles with
 * `plugins/api-chunks/stubs/codegens.js` (the language tabs' three generators instead of 35). These
 * tests fail, naming the speed-up and the internal, when an upgrade moves that file or changes its
 * entries.
 */
import { createRequire } from 'node:module';
import { apiLanguageTabs } from '../../../config/openapi';
import { CODEGEN_LIST } from '..';

interface Codegen {
  lang: string;
  variant: string;
  syntax_mode: string;
  main: { convert?: unknown; getOptions?: unknown };
}

const INTERNAL = 'postman-code-generators/lib/assets/languages.js';
const SPEED_UP = 'api-chunks stubs (only the language tabs’ code generators reach the API pages)';

/** CommonJS `require` for the stub and postman's list, which are plain CommonJS modules. */
const load = createRequire(__filename);
const stub = load('../stubs/codegens.js') as Codegen[];
/** The theme's name for a language tab → postman's `lang` (docusaurus-theme-openapi-docs languages). */
const POSTMAN_LANG: Record<string, string> = { curl: 'curl', python: 'python', javascript: 'JavaScript' };

it(`${INTERNAL} is where ${SPEED_UP} replaces it`, () => {
  let file: string;
  try {
    file = load.resolve(INTERNAL);
  } catch {
    throw new Error(`${SPEED_UP}: ${INTERNAL} no longer exists; update CODEGEN_LIST and the stub, or drop them.`);
  }
  expect(CODEGEN_LIST.test(file.replace(/\.js$/, ''))).toBe(true);
  expect(CODEGEN_LIST.test(file)).toBe(true);
});

it('every language tab has its generator in the stub, as postman’s own list has it', () => {
  const original = load(INTERNAL) as Codegen[];
  for (const tab of apiLanguageTabs) {
    const lang = POSTMAN_LANG[tab.language];
    const variant = 'variant' in tab ? tab.variant : undefined;
    const matches = (entry: Codegen) =>
      entry.lang === lang && (!variant || entry.variant.toLowerCase() === variant.toLowerCase());
    const ours = stub.find(matches);
    const theirs = original.find(matches);
    expect({ tab: tab.language, inStub: !!ours, inPostman: !!theirs }).toEqual({
      tab: tab.language,
      inStub: true,
      inPostman: true,
    });
    // The stub's entry is postman's, generator included.
    expect({ ...ours, main: undefined, homepage: undefined }).toMatchObject({
      lang: theirs!.lang,
      variant: theirs!.variant,
      syntax_mode: theirs!.syntax_mode,
    });
    expect(ours!.main).toBe(theirs!.main);
    expect(typeof ours!.main.convert).toBe('function');
  }
  expect(stub).toHaveLength(apiLanguageTabs.length);
});
