#!/usr/bin/env bash
# benchmarks/dise/util-ir.sh SOURCE OUT.bc: the whole-program bitcode of one Coreutils utility whose
# src/UTIL.c is SOURCE (the original or a mutant's copy of it), made as benchmarks/coreutils/cc-musl makes
# build/ir/UTIL.bc: SOURCE compiled with obj-ir's CFLAGS (mutant-build.sh's command), linked with libver.a
# and libcoreutils.a (bitcode archives of the IR build) through lld's LTO with --lto-emit-llvm, musl's
# functions left undefined for `sympath run` to link. The DiSE experiment builds OLD and NEW both
# with it, so the two modules differ only by the change. EXTRA_SOURCES: more files of the utility
# (id: src/group-list.c), compiled the same way. Needs benchmarks/coreutils/build (obj-ir,
# musl-native) and build/src/coreutils-9.1. Writes only OUT (and a temporary directory).
set -euo pipefail
SOURCE="$(realpath "$1")"
OUT="$2"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CU="$HERE/../coreutils"
ROOT="$(cd "$HERE/../.." && pwd)"
O="$CU/build/obj-ir"
S="$ROOT/build/src/coreutils-9.1"
NATIVE="$CU/build/musl-native"
RES="$(clang-19 -print-resource-dir)"
[[ -f "$O/lib/libcoreutils.a" ]] || { echo "util-ir: $O is not built (make coreutils)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$CU/cc-musl" -I"$O" -I"$S" -I"$O/lib" -I"$S/lib" -I"$O/src" -I"$S/src" \
  -O0 -Xclang -disable-O0-optnone -g -fno-stack-protector -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0 -DNO_ASM -w \
  -c -o "$work/util.o" "$SOURCE"
extra=()
for x in ${EXTRA_SOURCES:-}; do
  "$CU/cc-musl" -I"$O" -I"$S" -I"$O/lib" -I"$S/lib" -I"$O/src" -I"$S/src" \
    -O0 -Xclang -disable-O0-optnone -g -fno-stack-protector -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0 -DNO_ASM -w \
    -c -o "$work/extra${#extra[@]}.o" "$x"
  extra+=("$work/extra${#extra[@]}.o")
done
clang-19 -nostdinc -isystem "$ROOT/build/musl/include" -isystem "$RES/include" -flto -O0 \
  -fuse-ld=lld -static -nostdlib -L"$NATIVE/lib" "$NATIVE/lib/crt1.o" "$NATIVE/lib/crti.o" \
  "$work/util.o" "${extra[@]}" "$O/src/libver.a" "$O/lib/libcoreutils.a" "$O/lib/libcoreutils.a" ${EXTRA_LIBS:-} \
  -Wl,--start-group "$NATIVE/lib/libc.a" "$RES/lib/linux/libclang_rt.builtins-x86_64.a" -Wl,--end-group "$NATIVE/lib/crtn.o" \
  -Wl,--lto-emit-llvm -o "$work/out.bc"
mv "$work/out.bc" "$OUT"
