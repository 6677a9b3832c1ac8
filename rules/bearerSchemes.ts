/**
 * Which security schemes of an operation take a bearer token (OpenAPI `type: http`, `scheme: bearer`,
 * matched case-insensitively as RFC 7235 auth schemes are).
 */

/** A security scheme as the OpenAPI document or the explorer's auth slice gives it. */
export interface SecuritySchemeLike {
  type?: string;
  scheme?: string;
}

/**
 * @param schemes - scheme name → scheme, e.g. `components.securitySchemes`.
 * @returns the names of the bearer schemes, in document order.
 */
export function bearerSchemeNames(schemes: Record<string, SecuritySchemeLike> | undefined): string[] {
  return Object.entries(schemes ?? {})
    .filter(([, scheme]) => scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer')
    .map(([name]) => name);
}

/**
 * The bearer schemes among the explorer's auth options (option id → schemes with their `key`).
 * @returns scheme names without duplicates.
 */
export function bearerSchemesOfOptions(
  options: Record<string, (SecuritySchemeLike & { key: string })[]> | undefined,
): string[] {
  const all = Object.values(options ?? {}).flat();
  return [...new Set(bearerSchemeNames(Object.fromEntries(all.map((scheme) => [scheme.key, scheme]))))];
}
