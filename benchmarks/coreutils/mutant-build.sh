#!/usr/bin/env bash
# benchmarks/coreutils/mutant-build.sh: the --binary-build command of `sympath kill` for a Coreutils
# utility of the IR build (build/obj-ir, made by `make coreutils` or `make coreutils-echo`). It compiles
# $SYMPATH_SOURCE (src/UTIL.c of the Coreutils source tree, or a mutant's copy of it) with cc-musl and
# the flags obj-ir's Makefile uses for src/UTIL.o, and links it as obj-ir links src/UTIL (libver.a and
# libcoreutils.a, statically against the native musl) into $SYMPATH_OUT. It writes only into
# $SYMPATH_BUILD_DIR and $SYMPATH_OUT. Utilities whose link needs more (e.g. -lm): EXTRA_LIBS.
#
#   sympath mutate build/src/coreutils-9.1/src/echo.c -I ... --out M
#   sympath kill OUTDIR --mutants M --binary-build benchmarks/coreutils/mutant-build.sh
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
O="$HERE/build/obj-ir"
S="$(dirname "$(dirname "$SYMPATH_ORIGINAL")")"
[[ -f "$O/lib/libcoreutils.a" ]] || { echo "mutant-build: $O is not built (make coreutils-echo)" >&2; exit 1; }
"$HERE/cc-musl" -I"$O" -I"$S" -I"$O/lib" -I"$S/lib" -I"$O/src" -I"$S/src" \
  -O0 -Xclang -disable-O0-optnone -g -fno-stack-protector -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0 -DNO_ASM -w \
  -c -o "$SYMPATH_BUILD_DIR/util.o" "$SYMPATH_SOURCE"
"$HERE/cc-musl" -O0 -o "$SYMPATH_OUT" "$SYMPATH_BUILD_DIR/util.o" "$O/src/libver.a" "$O/lib/libcoreutils.a" "$O/lib/libcoreutils.a" ${EXTRA_LIBS:-}
