/**
 * Presigned links to original files, as the API gives them (spec §7.1: a `307` to a link valid
 * 5 minutes). The link stays on the sandbox's own origin, so the browser keeps calling a host the
 * portal's CSP allows, and is signed with a per-process key (HMAC-SHA256), so it cannot be forged or
 * stretched.
 */
import crypto from 'node:crypto';

/** How long a presigned link is valid (spec §7.1, §9: 5 minutes), in ms. */
export const LINK_VALIDITY_MS = 5 * 60 * 1000;

/** Path of the file route, outside the contract's `/api/v1/customer` (it is the storage host's URL). */
export const FILES_PATH = '/_sandbox/files';

const key = crypto.randomBytes(32);
const sign = (id: string, expires: number) =>
  crypto.createHmac('sha256', key).update(`${id}\n${expires}`).digest('base64url');

/**
 * A presigned link to the original file of document `id`.
 *
 * @param baseUrl - the sandbox's origin, e.g. `http://localhost:4010`.
 * @param now - current time in ms since the epoch.
 */
export function presign(baseUrl: string, id: string, now: number): string {
  const expires = now + LINK_VALIDITY_MS;
  return `${baseUrl}${FILES_PATH}/${encodeURIComponent(id)}?expires=${expires}&signature=${sign(id, expires)}`;
}

/** Whether a link's `expires` and `signature` are genuine and still valid at `now`. */
export function checkLink(
  id: string,
  expires: string | undefined,
  signature: string | undefined,
  now: number,
): 'ok' | 'expired' | 'forged' {
  const at = Number(expires);
  if (!Number.isFinite(at) || !signature) return 'forged';
  const expected = Buffer.from(sign(id, at));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'forged';
  return at < now ? 'expired' : 'ok';
}

/** A sample original file: its body, media type and file-name extension. */
export interface SampleFile {
  body: Buffer;
  /** The media type it is served with: the document's `content_type`. */
  type: string;
  /** The file-name extension that goes with `type`, without the dot. */
  extension: string;
}

/**
 * The stand-in for the original file of a document whose `content_type` is `contentType`, showing
 * `title`: a small HTML page for `text/html`, else a one-page PDF (the corpus holds only those two types).
 * Served in the document's own media type, so the file agrees with its `content_type` (contract:
 * "Media type of the original file").
 */
export function sampleFile(contentType: string | undefined, title: string): SampleFile {
  if (contentType === 'text/html') return { body: sampleHtml(title), type: 'text/html', extension: 'html' };
  return { body: samplePdf(title), type: 'application/pdf', extension: 'pdf' };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small HTML page that shows `title`: the stand-in for a web page as original file. */
export function sampleHtml(title: string): Buffer {
  const text = escapeHtml(title);
  return Buffer.from(
    `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${text}</title></head>\n` +
      `<body><h1>${text}</h1><p>Sample file of the local sandbox API.</p></body>\n</html>\n`,
  );
}

/** A one-page PDF that shows `title`: the stand-in for an original file. */
export function samplePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '\\$&').slice(0, 90);
  const stream = `BT /F1 14 Tf 72 760 Td (${text}) Tj 0 -24 Td (Sample file of the local sandbox API.) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}
