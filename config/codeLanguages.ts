/**
 * The code languages the site's pages show that prism-react-renderer does not bundle, as theme-classic's
 * `prism.additionalLanguages` (docusaurus.config.ts): what stock Docusaurus needs to highlight every code block
 * of the site. With `plugins/prism-on-demand` registered, theme-classic's client module that would load them is
 * emptied and each page brings its own grammars instead, so this list costs nothing; it is what keeps the site
 * highlighted the day that speed-up is removed. config/__tests__/codeLanguages.test.ts fails, naming the
 * language and where it is used, when a page, a component or the API explorer uses a language that is neither
 * bundled nor listed here.
 */
export const PRISM_ADDITIONAL_LANGUAGES: string[] = ['bash', 'csv', 'java'];
