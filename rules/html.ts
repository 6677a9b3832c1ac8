/**
 * Text put into HTML by the portal's own templates (the invitation email, rules/invitation.ts; the writers'
 * report, scripts/insights/html.ts), so what a product name, an address or a reader's comment holds is shown as
 * written, never read as markup (HTML Living Standard, "Serializing HTML fragments": the characters escaped in
 * text and attribute values).
 */

/** `text` safe in HTML text and in a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
