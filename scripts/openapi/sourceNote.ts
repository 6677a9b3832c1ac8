/**
 * The note on where the `/api` reference comes from (`withSourceNote` adds it to the end of
 * `info.description`, for the landing page), and the description without it, as it is downloaded
 * (./downloads.ts). Apart from ./source.ts, so a module that writes downloads (or a test that reads the note) does
 * not load the download code.
 */
import type { OpenApiDocument } from '../../rules/contract';
import type { ContractSource } from './source';

/** The title of the note, an admonition only the `/api` landing page shows. */
export const SOURCE_NOTE_TITLE = 'Where this reference comes from';

/**
 * The document without the note: the description as a client generator or a reader downloads it, which
 * says what the API does, not how and when the portal built its pages.
 */
export function withoutSourceNote<T extends OpenApiDocument>(doc: T): T {
  const info = doc.info as { description?: string } | undefined;
  const start = info?.description?.lastIndexOf(`:::info[${SOURCE_NOTE_TITLE}]`) ?? -1;
  if (!info?.description || start < 0) return doc;
  return { ...doc, info: { ...info, description: `${info.description.slice(0, start).trimEnd()}\n` } };
}

/** `2026-11-25 17:50 UTC`: the build time as the landing page and log show it. */
function utcMinute(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The document with a note at the end of its `info.description`, which the `/api` landing page shows:
 * which description the reference was built from, when, and why: the provider's; the portal's copy
 * because the provider's could not be used (API_HOST set); or the portal's copy because the portal names
 * no API host, so nothing was downloaded (API_HOST unset: local mode, as a build for a user pool needs it).
 */
export function withSourceNote<T extends OpenApiDocument>(doc: T, source: ContractSource): T {
  const info = (doc.info ?? {}) as { description?: string };
  // Said in the reader's words: where the description came from, not how the portal keeps or checks it.
  const copy = 'a copy of the API description kept with this portal';
  const from =
    source.kind === 'provider'
      ? `the provider's OpenAPI description, downloaded from \`${source.url}\``
      : source.url
        ? `${copy}, because the provider's description at \`${source.url}\` could not be downloaded or used at the time; the copy can be older than the provider's`
        : `${copy}, which does not download the provider's description, so the copy can be older than it`;
  const note = `:::info[${SOURCE_NOTE_TITLE}]\n\nBuilt on ${utcMinute(source.at)} from ${from}.\n\n:::`;
  return { ...doc, info: { ...info, description: `${(info.description ?? '').trimEnd()}\n\n${note}\n` } };
}
