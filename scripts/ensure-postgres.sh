#!/usr/bin/env bash
# The server's tests run once more on a real PostgreSQL; install Debian's when it is missing.
set -euo pipefail
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && exit 0

exec bash "$(dirname "$0")/install-debian-package.sh" postgresql "for the server's tests" \
  "PostgreSQL is missing. Install it (apt-get install postgresql) to run the server's tests on it."
