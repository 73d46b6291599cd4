#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium headless shell (the same Chromium build, without the
# browser's own window and UI processes); Playwright never downloads a browser.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
[ -x "$chromium_path" ] && exit 0

exec bash "$(dirname "$0")/install-debian-package.sh" chromium-headless-shell "for the end-to-end tests" \
  "Chromium's headless shell is missing at $chromium_path. Install it (apt-get install chromium-headless-shell) or set CHROMIUM_PATH."
