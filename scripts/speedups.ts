/**
 * `npm run -s speedups`: prints the table of the site's speed-ups (what each saves, the internal it leans
 * on, its guard, when to remove it) from their manifests (plugins/speedups.ts), as Markdown.
 */
import * as speedups from '../plugins/speedups';
import { speedupTable } from '../plugins/speedup';

console.log(speedupTable(Object.values(speedups).map((speedup) => speedup.manifest)));
