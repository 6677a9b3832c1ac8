/**
 * The note on where the `/api` reference comes from (./source.ts `withSourceNote` adds it to the end of
 * `info.description`, for the landing page), and the description without it, as it is downloaded
 * (./downloads.ts). Apart from ./source.ts, so a module that writes downloads does not load the download code.
 */
import type { OpenApiDocument } from '../../rules/contract';

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
