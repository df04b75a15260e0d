#!/usr/bin/env bash
# System packages the test suite needs: a PostgreSQL server (tests start their own) and, for the
# browser tests and screenshots, Debian's Chromium. Installed only when missing, and only as root.
set -euo pipefail
missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || missing+=(postgresql postgresql-contrib)
command -v chromium >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing system packages: ${missing[*]} (install them, e.g. sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
  echo "Installing system packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
