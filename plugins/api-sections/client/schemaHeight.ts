/**
 * How tall an operation's parameters and request body will be once the theme renders them, estimated
 * from their props, so that the placeholder the server renders in their place reserves about that
 * height and the page does not jump when they appear after hydration (a short skeleton swapped for a
 * long request body moves the responses: Lighthouse's Cumulative Layout Shift). The row heights are
 * those Chromium renders at the desktop width (1350 px) on this site's pages.
 */

/** A parameter as the generated `*.ParamsDetails.json` holds it (OpenAPI Parameter Object). */
export interface ParameterLike {
  in?: string;
}

/** A JSON schema, as much of it as the estimate reads. */
export interface SchemaLike {
  properties?: Record<string, unknown>;
  items?: SchemaLike;
  allOf?: SchemaLike[];
}

/** A request body as the generated `*.RequestSchema.json` holds it: `{ content: { <mime>: { schema } } }`. */
export interface BodyLike {
  content?: Record<string, { schema?: SchemaLike } | undefined>;
}

/** One parameter row (name, type, description), in px. */
export const PARAMETER_ROW_PX = 100;
/** One group's heading ("Query Parameters"), beyond its rows, in px. */
export const PARAMETER_GROUP_PX = 18;
/** The request body's heading and media type tabs, in px. */
export const BODY_HEADER_PX = 60;
/** One top-level property row of the request body, in px. */
export const PROPERTY_ROW_PX = 75;

/**
 * @returns the height the theme's ParamsDetails takes for `parameters`, in px; 0 when there are none
 *   (the theme then renders nothing).
 */
export function parametersHeight(parameters: readonly ParameterLike[] | undefined): number {
  if (!parameters?.length) return 0;
  const groups = new Set(parameters.map((parameter) => parameter.in)).size;
  return groups * PARAMETER_GROUP_PX + parameters.length * PARAMETER_ROW_PX;
}

/** Top-level rows the theme lists for a schema: its properties, an array's item properties, allOf's. */
function rows(schema: SchemaLike | undefined): number {
  if (!schema) return 1;
  if (schema.allOf?.length) return schema.allOf.reduce((sum, part) => sum + rows(part), 0);
  if (schema.properties) return Math.max(1, Object.keys(schema.properties).length);
  if (schema.items) return rows(schema.items);
  return 1;
}

/**
 * @returns the height the theme's RequestSchema takes for `body` (its first media type, the tab it
 *   opens on), in px; 0 when the operation has no body (the theme then renders nothing).
 */
export function requestBodyHeight(body: BodyLike | undefined): number {
  const media = body?.content ? Object.values(body.content)[0] : undefined;
  if (!media) return 0;
  return BODY_HEADER_PX + rows(media.schema) * PROPERTY_ROW_PX;
}
