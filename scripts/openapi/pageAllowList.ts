/**
 * What docusaurus-plugin-openapi-docs 5.2.0 and its templates write into a generated API page, the allow-list
 * ./pageCheck.ts holds every page to: its elements, their attributes, style keys and class names, the front
 * matter keys, the tag template's one expression and the methods an operation page names. A generator version
 * that writes more fails the page check until what it adds is reviewed and added here.
 */

/**
 * The components openapi/templates/info.mustache adds to the `/api` landing page, each with the one module
 * it is imported from: no props of their own, they render only what the portal writes.
 */
export const TEMPLATE_IMPORTS: ReadonlyMap<string, string> = new Map([
  ['DescriptionDownload', '@site/src/components/DescriptionDownload'],
]);

/** Elements and components the generator and its templates write (docusaurus-plugin-openapi-docs 5.2.0). */
export const ELEMENTS = new Set([
  ...TEMPLATE_IMPORTS.keys(),
  'ApiLogo',
  'DiscriminatorTabs',
  'DocCardList',
  'Export',
  'Heading',
  'MethodEndpoint',
  'OperationTabs',
  'ParamsDetails',
  'RequestSchema',
  'ResponseSchema',
  'Schema',
  'SchemaItem',
  'SchemaTabs',
  'SecuritySchemes',
  'StatusCodes',
  'TabItem',
  'Translate',
  'a',
  'details',
  'div',
  'h3',
  'li',
  'span',
  'strong',
  'summary',
  'table',
  'tbody',
  'td',
  'th',
  'tr',
  'ul',
]);

/** Attributes the generator writes on them: its components' props and the HTML ones it sets. */
export const ATTRIBUTES = new Set([
  'additionalProperties',
  'as',
  'body',
  'children',
  'className',
  'collapsible',
  'context',
  'darkLogo',
  'discriminator',
  'href',
  'id',
  'infoPath',
  'items',
  'label',
  'logo',
  'method',
  'name',
  'nullable',
  'parameters',
  'path',
  'proxy',
  'qualifierMessage',
  'required',
  'responses',
  'schema',
  'schemaName',
  'schemaType',
  'style',
  'title',
  'url',
  'value',
]);

/** The inline style properties the generator sets (spacing, a font size, an opacity, a colour, flex). */
export const STYLE_KEYS = new Set([
  'color',
  'display',
  'flexDirection',
  'fontSize',
  'marginBottom',
  'marginLeft',
  'marginTop',
  'opacity',
  'paddingBottom',
  'paddingLeft',
]);

/** The class names the generator sets. */
export const CLASS_NAMES = new Set([
  'badge badge--info',
  'openapi-discriminator__item openapi-schema__list-item',
  'openapi-discriminator__name openapi-schema__property',
  'openapi-markdown__details',
  'openapi-schema__container',
  'openapi-schema__deprecated',
  'openapi-schema__divider',
  'openapi-schema__name',
  'openapi-schema__nullable',
  'openapi-schema__required',
  'openapi-schema__summary',
  'openapi-tabs__discriminator',
  'openapi-tabs__discriminator-item',
  'openapi-tabs__heading',
  'openapi-tabs__operation',
  'openapi-tabs__security-schemes',
  'openapi__divider',
  'openapi__heading',
  'schemaItem',
  'theme-doc-version-badge badge badge--secondary',
]);

/** Front-matter keys the plugin's templates (and openapi/templates/) write. */
export const FRONT_MATTER_KEYS = new Set([
  'api',
  'custom_edit_url',
  'description',
  'hide_send_button',
  'hide_table_of_contents',
  'hide_title',
  'id',
  'info_path',
  'mask_credentials',
  'proxy',
  'sample',
  'schema',
  'show_extensions',
  'sidebar_class_name',
  'sidebar_label',
  'sidebar_position',
  'slug',
  'title',
]);

/** The one code expression the plugin's tag template writes (its `DocCardList`). */
export const TEMPLATE_ITEMS = 'useCurrentSidebarCategory().items';

/** The HTTP methods an operation page's `sidebar_class_name` names. */
export const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
