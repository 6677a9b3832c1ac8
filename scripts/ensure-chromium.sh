#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the Playwright tests (CONTRIBUTING.md "For engineers": never
# download a browser). Installs it with apt when missing and we are root; otherwise says how.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the end-to-end tests (apt-get)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "The end-to-end tests need Debian's Chromium at /usr/bin/chromium." >&2
echo "Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
exit 1
