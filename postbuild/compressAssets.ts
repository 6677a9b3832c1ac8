/**
 * `tsx postbuild/compressAssets.ts <build folder>`: compresses the build's hashed `assets/` into the
 * compression cache (./compress.ts), run by ./plugin.ts during `docusaurus build`. The cache keeps the
 * previous build's other entries (the search index's) for the last step, which prunes it. Prints one line;
 * exits 1 with the reason when it fails.
 */
import { COMPRESSION_CACHE_DIR, compressibleFiles, startCompression } from './compress';

async function main(): Promise<void> {
  const [buildDir] = process.argv.slice(2);
  if (!buildDir) throw new Error('usage: compressAssets.ts <build folder>');
  const started = Date.now();
  const compression = startCompression(buildDir, { cacheDir: COMPRESSION_CACHE_DIR, prune: false });
  compression.add(compressibleFiles(buildDir).filter((name) => name.startsWith('assets/')));
  const { files, cached } = await compression.done();
  console.log(
    `[postbuild-assets] ${files} hashed assets compressed (${cached} from the cache) in ${Date.now() - started} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(`[postbuild-assets] failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
