#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; Playwright never downloads a browser.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_path" ] && exit 0

exec bash "$(dirname "$0")/install-debian-package.sh" chromium "for the end-to-end tests" \
  "Chromium is missing at $chromium_path. Install it (apt-get install chromium) or set CHROMIUM_PATH."
