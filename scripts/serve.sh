# `npm run serve` (scripts/serve.ts): runs the gate from its bundle, dist/serve.js, on plain Node. Where the
# devDependencies are installed (a checkout: esbuild is there) it bundles the sources first, so an edit to the
# server is served as it is now; a production install (`npm ci --omit=dev`) runs the bundle it was given.
# POSIX sh; package.json's `serve` runs it after scripts/supported-node.sh has put a supported Node on PATH.
if [ -d node_modules/esbuild ]; then
  npm run -s build:gate || exit 1
elif [ ! -f dist/serve.js ]; then
  echo 'dist/serve.js is missing: run "npm run build" (or "npm run build:gate") where the devDependencies are installed, and deploy dist/ with build/ (handbook/deployment.md, "the single-process gate").' >&2
  exit 1
fi
exec node dist/serve.js "$@"
