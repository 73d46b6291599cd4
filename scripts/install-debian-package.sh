#!/usr/bin/env bash
# Installs a Debian package a test stage needs, where this machine lets us (apt and root).
# Usage: install-debian-package.sh <package> <what it is for> <what to tell a user who must install it>
set -euo pipefail
package="$1" purpose="$2" missing="$3"

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian's $package $purpose"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "$package" >/dev/null
else
  echo "$missing" >&2
  exit 1
fi
