// Thin wrap: the OpenAPI theme's stylesheet, which this speed-up keeps out of the CSS every page loads
// (../../index.ts, API-page stylesheet), comes back for the API pages alone: imported here, it lands in the ApiItem route
// chunk's CSS, which ../../routeStylesheets.ts links in the API pages' HTML. The query keeps this import from
// being replaced with the empty stylesheet the theme's own client module gets.
import ApiItem from '@theme-init/ApiItem';
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss?api-pages';

export default ApiItem;
