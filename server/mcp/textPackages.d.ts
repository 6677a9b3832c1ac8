/**
 * Types of the two text packages ./search.ts uses, which ship none: what it calls of them, as their
 * READMEs describe it (wink-porter2-stemmer 2.0, stopword 3.1).
 */
declare module 'wink-porter2-stemmer' {
  /** The Porter2 (English Snowball) stem of a lower-case word: `pagination` → `pagin`. */
  export default function stem(word: string): string;
}

declare module 'stopword' {
  /** English stop words, lower case (`how`, `the`, `what`…). */
  export const eng: string[];
}
