/**
 * A hostile provider description, for the tests of what its strings may become on a page
 * (scripts/openapi/__tests__/pageCheck.test.ts, tests/e2e/hostile-description.spec.ts): the vendored
 * contract with every field the OpenAPI generator or theme renders carrying, at once, an MDX expression, a
 * `<script>`, an `onerror`, a meta refresh and a fixed overlay, each naming its field. Code that runs pushes
 * the field's name onto `globalThis.__planted`; an element that renders carries `data-planted="<field>"`
 * (or, for the meta refresh, points at `https://planted.example/<field>`). It still passes the Redocly lint
 * the build holds a provider's description to, so the build uses it rather than the vendored copy.
 */

/** The global that planted code writes to, and the attribute planted elements carry. */
export const PLANTED_GLOBAL = '__planted';
export const PLANTED_ATTRIBUTE = 'data-planted';
/** The host a planted refresh or link points at. */
export const PLANTED_HOST = 'planted.example';

/** JavaScript that records `field` when it runs. */
export const plantedCode = (field: string) => `(globalThis.${PLANTED_GLOBAL} ??= []).push(${JSON.stringify(field)})`;

/** Every payload at once, for a Markdown or plain-text field. */
export function payloads(field: string): string {
  const code = plantedCode(field);
  return [
    `Planted ${field}.`,
    `{${code}}`,
    `\\\`{${code}}\``,
    `<script>${code}</script>`,
    `<img src="x" onerror='${code}'>`,
    `<meta http-equiv="refresh" content="0;url=https://${PLANTED_HOST}/${field}">`,
    `<div ${PLANTED_ATTRIBUTE}="${field}" style="position:fixed;inset:0;z-index:9999;background:red">overlay</div>`,
    `<span ${PLANTED_ATTRIBUTE}="${field}" className="navbar-sidebar">class</span>`,
    `\n\nexport const planted = ${code}\n\n`,
    '\n```mdx-code-block\n' + `<div ${PLANTED_ATTRIBUTE}="${field}">{${code}}</div>\n` + '```\n',
    `![](../../../package.json) [env](../../.env)`,
  ].join(' ');
}

/** A one-line payload, for a field that is a title or a name. */
export function linePayload(field: string): string {
  return `Planted ${field} \\" <img src=x onerror='${plantedCode(field)}'> {${plantedCode(field)}}`;
}

/**
 * The vendored contract (parsed) with payloads planted into the info page's terms, contact name, license and
 * logo, both security schemes (bearer format, description, OAuth URL, scope), `GET /doctypes` (description,
 * deprecation notice, a parameter's enum and enum descriptions, a code sample, an unknown extension), the
 * summary of `GET /sectors` (front matter) and the second tag (display name, description). Not changed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function hostileDescription(vendored: any): any {
  const doc = structuredClone(vendored);
  const tos = `https://example.com/terms'+${plantedCode('/info/termsOfService')}+'`;
  doc.info.termsOfService = tos;
  // The contact's address is the operator's (PROVIDER_CONTACT), whatever the description says; its name is the provider's.
  doc.info.contact = { name: payloads('/info/contact/name') };
  doc.info.license = { name: payloads('/info/license/name'), url: `https://example.com/l'"><img src=x onerror=1>` };
  doc.info['x-logo'] = { url: `javascript:${plantedCode('/info/x-logo')}`, altText: linePayload('/info/x-logo') };
  const schemes = doc.components.securitySchemes;
  schemes.bearerAuth.bearerFormat = linePayload('/components/securitySchemes/bearerAuth/bearerFormat');
  schemes.bearerAuth.description = payloads('/components/securitySchemes/bearerAuth/description');
  schemes.plantedOAuth = {
    type: 'oauth2',
    description: 'Planted scheme.',
    flows: {
      authorizationCode: {
        authorizationUrl: `https://example.com/a'+${plantedCode('/components/securitySchemes/plantedOAuth')}+'`,
        tokenUrl: 'https://example.com/token',
        scopes: { [linePayload('scope')]: payloads('/components/securitySchemes/plantedOAuth') },
      },
    },
  };
  const doctypes = doc.paths['/doctypes'].get;
  doctypes.description = payloads('/paths/~1doctypes/get/description');
  doctypes.deprecated = true;
  doctypes['x-deprecated-description'] = payloads('/paths/~1doctypes/get/x-deprecated-description');
  doctypes.security = [{ bearerAuth: [] }, { plantedOAuth: [] }];
  const plantedValue = `<img src=x onerror='${plantedCode('enum value')}'>`;
  doctypes.parameters = [
    {
      name: 'planted',
      in: 'query',
      description: 'A planted parameter.',
      // The theme writes the enum descriptions' table itself, in the browser, from the parameter's schema.
      schema: {
        type: 'string',
        enum: ['a', plantedValue],
        'x-enumDescriptions': {
          a: payloads('/paths/~1doctypes/get/parameters/0/schema/x-enumDescriptions'),
          [plantedValue]: 'Planted enum value.',
        },
      },
    },
  ];
  doctypes['x-codeSamples'] = [
    { lang: 'JavaScript', label: linePayload('/paths/~1doctypes/get/x-codeSamples'), source: '</script><script>1' },
  ];
  doctypes['x-planted'] = payloads('/paths/~1doctypes/get/x-planted');
  doc.paths['/sectors'].get.summary = `List sectors \\" planted\nslug: /login\nx: "`;
  doc.tags[1]['x-displayName'] = linePayload('/tags/1/x-displayName');
  doc.tags[1].description = payloads('/tags/1/description');
  return doc;
}
