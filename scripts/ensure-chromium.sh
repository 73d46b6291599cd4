#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; Playwright never downloads a browser.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] && exit 0

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's Chromium for the end-to-end tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing at $chromium_path. Install it (apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
