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

/** The fields the hostile description plants into, as JSON pointers into it. */
export const PLANTED_FIELDS = [
  '/info/termsOfService',
  '/info/contact/name',
  '/info/contact/email',
  '/info/contact/url',
  '/info/license/name',
  '/info/license/url',
  '/info/x-logo',
  '/components/securitySchemes/bearerAuth/bearerFormat',
  '/components/securitySchemes/bearerAuth/description',
  '/components/securitySchemes/plantedOAuth',
  '/paths/~1doctypes/get/description',
  '/paths/~1doctypes/get/x-deprecated-description',
  '/paths/~1doctypes/get/parameters/0/x-enumDescriptions',
  '/paths/~1doctypes/get/x-codeSamples',
  '/paths/~1doctypes/get/x-planted',
  '/paths/~1sectors/get/summary',
  '/tags/1/x-displayName',
  '/tags/1/description',
] as const;

/** The vendored contract (parsed) with every field of {@link PLANTED_FIELDS} planted. Not changed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function hostileDescription(vendored: any): any {
  const doc = structuredClone(vendored);
  const tos = `https://example.com/terms'+${plantedCode('/info/termsOfService')}+'`;
  doc.info.termsOfService = tos;
  doc.info.contact = {
    name: payloads('/info/contact/name'),
    email: `x@example.com)<img src=x onerror='${plantedCode('/info/contact/email')}'>`,
    url: `javascript:${plantedCode('/info/contact/url')}`,
  };
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
  doctypes.parameters = [
    {
      name: 'planted',
      in: 'query',
      description: 'A planted parameter.',
      schema: { type: 'string', enum: ['a', `<img src=x onerror='${plantedCode('enum value')}'>`] },
      'x-enumDescriptions': {
        a: payloads('/paths/~1doctypes/get/parameters/0/x-enumDescriptions'),
        [`<img src=x onerror='${plantedCode('enum value')}'>`]: 'Planted enum value.',
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
