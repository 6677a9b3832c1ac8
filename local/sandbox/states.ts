/**
 * How a reader reaches, on purpose, each state the spec names that sample data alone would never show
 * (docs/api/run-locally.mdx "Reaching every state" lists them; its test checks that the page names each
 * one). Each trigger is an input no ordinary request holds, so normal use never meets it, and the same
 * input always gives the same state.
 */

/** Every trigger, by the state it reaches. */
export const STATE_TRIGGERS = {
  /**
   * Spec §4 `failed`: an Interrogator search or summary whose `query` contains this text goes `pending`,
   * `in_progress`, then `failed`, with no result.
   */
  failed: { marker: 'sandbox:failed' },
  /**
   * Spec §4 "status field is ok or error": this document's summary is generated like any other (`202`
   * initiated, `202` in progress) and then answers `200` with `status: "error"`; `refresh=true` starts over.
   */
  summaryError: { documentId: 'ee5a1d0c-7f3b-4e29-b8c6-0d1e2f3a4b55' },
  /**
   * Spec §8.1 "no initiatives available": `GET /initiatives` with this `Prefer` header (RFC 7240, as
   * Stoplight Prism's mock reads it) answers `404`, and `Preference-Applied` says so.
   */
  noInitiatives: { prefer: 'code=404' },
  /** Spec §6: a document of each restriction level. */
  restriction: {
    unrestricted: '3f1c2a9e-7b4d-4c1e-9a53-2d8e6f0b1a77',
    partially_restricted: '6b0e2d4f-3c1a-4f8e-9d2b-7a5c1e3f0b44',
    restricted: 'c9a7e5b3-1f2d-4c6e-8a0b-2d4f6a8c0e11',
  },
} as const;

/**
 * Whether a `Prefer` header (RFC 7240 §2: preferences separated by commas, each `token[=value]`, then
 * parameters after `;`) holds `preference`, e.g. `code=404`. Reads at most the first 1 KiB.
 */
export function prefers(header: string | string[] | undefined, preference: string): boolean {
  const text = (Array.isArray(header) ? header.join(',') : (header ?? '')).slice(0, 1024);
  return text.split(',').some((item) => item.split(';')[0].trim().toLowerCase() === preference);
}
