#!/usr/bin/env bash
# Makes sure the programs the tests run are here (CONTRIBUTING.md "For engineers"): Debian's Chromium at
# /usr/bin/chromium for Playwright (never a downloaded browser), and curl with jq and Python 3 with requests,
# in which the guides are run as written against the local services (scripts/docs-check/__tests__/guides.test.ts),
# zsh (macOS's default shell), in which the terminal lines readers paste are tried too (rules/__tests__/scriptSettings.test.ts),
# a JDK (17: Java 11+ runs a sample as a single source file) and Go, in which every request sample runs
# (local/sandbox/__tests__/languages.test.ts),
# and the fonts the screenshots in tests/visual/baselines were taken with (DejaVu: the system's sans-serif
# and monospace, which the site's font stacks end on; Liberation: the Arial-metric font the sign-in form's).
# Installs what is missing with apt when we are root; otherwise says how.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v jq >/dev/null 2>&1 || missing+=(jq)
command -v zsh >/dev/null 2>&1 || missing+=(zsh)
command -v javac >/dev/null 2>&1 || missing+=(openjdk-17-jdk-headless)
command -v go >/dev/null 2>&1 || missing+=(golang-go)
python3 -c 'import requests' >/dev/null 2>&1 || /usr/bin/python3 -c 'import requests' >/dev/null 2>&1 || missing+=(python3-requests)
for fonts in fonts-dejavu-core fonts-liberation; do
  dpkg-query -W -f='${Status}' "$fonts" 2>/dev/null | grep -q 'install ok installed' || missing+=("$fonts")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing what the tests run (apt-get): ${missing[*]}…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The tests need: ${missing[*]} (Debian's Chromium at /usr/bin/chromium; curl and jq; python3 with requests; a JDK and Go; the screenshots' fonts)." >&2
echo "Install them with: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
exit 1
