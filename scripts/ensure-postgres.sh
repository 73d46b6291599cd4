#!/usr/bin/env bash
# The server's tests run once more on a real PostgreSQL; install Debian's when it is missing.
set -euo pipefail
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && exit 0

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's PostgreSQL for the server's tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
else
  echo "PostgreSQL is missing. Install it (apt-get install postgresql) to run the server's tests on it." >&2
  exit 1
fi
