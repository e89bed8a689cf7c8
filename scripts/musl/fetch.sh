#!/usr/bin/env bash
# scripts/musl/fetch.sh: fetch Debian bookworm's musl source package (1.2.3) into build/src/musl-1.2.3,
# through scripts/debian-source.sh (`apt-get source` with a temporary deb-src list and private apt
# folders; the mirror is the machine's own). Idempotent. A tree unpacked by an older version of this
# script (no .sympath-fetched mark, but complete) is kept.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MUSL_DIR="${SYMPATH_BUILD_ROOT:-$ROOT/build}/src/musl-1.2.3"  # SYMPATH_BUILD_ROOT: as in build.sh
if [[ -f "$MUSL_DIR/Makefile" && -f "$MUSL_DIR/src/stdio/printf.c" && ! -f "$MUSL_DIR/.sympath-fetched" ]]; then
  touch "$MUSL_DIR/.sympath-fetched"
fi
exec "$ROOT/scripts/debian-source.sh" musl 1.2.3
