#!/usr/bin/env bash
# benchmarks/coreutils/musl-native.sh: musl 1.2.3 (the same Debian source as build/musl) built natively
# with clang-19 into benchmarks/coreutils/build/musl-native/{include,lib}: what coreutils' configure
# links and runs its test programs against, so config.h describes musl, not glibc. Cached.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$HERE/build/musl-native"
JOBS="${JOBS:-$(nproc)}"
if [[ -f "$OUT/lib/libc.a" && -f "$OUT/lib/crt1.o" && -f "$OUT/include/stdio.h" ]]; then
  echo "musl-native: $OUT is up to date"
  exit 0
fi
"$ROOT/scripts/musl/fetch.sh" >/dev/null
SRC="$HERE/build/musl-native-src"
rm -rf "$SRC" "$OUT"
mkdir -p "$HERE/build"
cp -a "$ROOT/build/src/musl-1.2.3" "$SRC"
echo "musl-native: building musl natively with clang-19 (make -j$JOBS) into $OUT"
(cd "$SRC" && CC=clang-19 ./configure --prefix="$OUT" --disable-shared >configure.log 2>&1) || {
  tail -n 30 "$SRC/configure.log" >&2
  exit 1
}
(cd "$SRC" && make -s -j"$JOBS" >make.log 2>&1 && make -s install >>make.log 2>&1) || {
  tail -n 30 "$SRC/make.log" >&2
  exit 1
}
rm -rf "$SRC"
echo "musl-native: done"
