#!/usr/bin/env bash
# scripts/musl/build.sh: build musl 1.2.3 into LLVM IR for sympath.
#
# Outputs (build/musl/):
#   libc.bc, libc.ll  every libc.a member compiled with clang-19 and linked into one module
#   crt1.bc           sympath's start-up code (runtime/musl/crt/crt1.c), linked whole with a program
#   include/          musl's installed headers (compile programs with
#                     -nostdinc -isystem build/musl/include -isystem "$(clang-19 -print-resource-dir)/include")
#
# How: a copy of the pristine source (build/src/musl-1.2.3, from scripts/musl/fetch.sh) in
# build/musl/tree gets sympath's overlay (runtime/musl/overlay: replacement arch headers for system
# calls, the thread pointer and atomics, plus C stand-ins for assembly) and patch
# (runtime/musl/patches), loses every src/*/x86_64 assembly override, and is built with musl's own
# Makefile with clang-19 -emit-llvm. See runtime/musl/README.md for what was replaced and why.
#
# Cached: does nothing when libc.bc is newer than every input. MUSL_FORCE=1 rebuilds;
# MUSL_OPT overrides the optimisation flags (default below); MUSL_JOBS the make parallelism (2).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# SYMPATH_BUILD_ROOT: where build/ is (sympath sets it to its user cache directory when installed
# outside a checkout: src/toolchain/cache-dir.ts); default the repository's build/.
BUILD="${SYMPATH_BUILD_ROOT:-$ROOT/build}"
SRC="$BUILD/src/musl-1.2.3"
OUT="$BUILD/musl"
TREE="$OUT/tree"
CLANG="${CLANG:-clang-19}"
LLVM_LINK="${LLVM_LINK:-llvm-link-19}"
LLVM_DIS="${LLVM_DIS:-llvm-dis-19}"
LLVM_NM="${LLVM_NM:-llvm-nm-19}"
JOBS="${MUSL_JOBS:-2}"

# -O1 without vectorisation, unrolling or lifetime markers: about half the IR of -O0 (see
# runtime/musl/README.md for the measurements), no vector types, and loops kept as written.
MUSL_OPT="${MUSL_OPT:--O1 -fno-vectorize -fno-slp-vectorize -fno-unroll-loops -Xclang -disable-lifetime-markers}"
# musl's configure would add -frounding-math (clang then emits constrained floating-point
# intrinsics) and -fexcess-precision=standard; sympath has only round-to-nearest, so neither is used.
FSE_FLAGS="-std=c99 -nostdinc -ffreestanding"
# -ffp-contract=off: separate fmul/fadd rather than llvm.fmuladd; -fno-pic: no relative lookup
# tables (llvm.load.relative), as the static libc.a members are built anyway.
COMMON_FLAGS="-emit-llvm -ffp-contract=off -fno-pic -fno-stack-protector -fno-unwind-tables -fno-asynchronous-unwind-tables -w -Qunused-arguments -I$ROOT/runtime/include"

[[ -f "$SRC/Makefile" ]] || "$ROOT/scripts/musl/fetch.sh"

INPUTS=("$SRC/VERSION" "$ROOT/scripts/musl/build.sh" "$ROOT/runtime/musl/overlay" "$ROOT/runtime/musl/patches"
  "$ROOT/runtime/include/sympath/syscall.h")

# crt1.bc alone (runtime/musl/crt changed, the libc did not): a few hundred milliseconds.
build_crt1() {
  "$CLANG" $MUSL_OPT $COMMON_FLAGS \
    -nostdinc -isystem "$OUT/include" -isystem "$("$CLANG" -print-resource-dir)/include" \
    -emit-llvm -c "$ROOT/runtime/musl/crt/crt1.c" -o "$OUT/crt1.bc.tmp"
  mv "$OUT/crt1.bc.tmp" "$OUT/crt1.bc"
}

if [[ -z "${MUSL_FORCE:-}" && -f "$OUT/libc.bc" && -f "$OUT/crt1.bc" && -f "$OUT/include/stdio.h" ]] &&
  [[ -z "$(find "${INPUTS[@]}" -newer "$OUT/libc.bc" -print -quit)" ]]; then
  if [[ -n "$(find "$ROOT/runtime/musl/crt" -newer "$OUT/crt1.bc" -print -quit)" ]]; then
    build_crt1
    echo "build-musl: $OUT/libc.bc is up to date; crt1.bc rebuilt"
  else
    echo "build-musl: $OUT/libc.bc is up to date"
  fi
  exit 0
fi

start=$(date +%s%N)
mkdir -p "$OUT"
rm -rf "$TREE" "$OUT/include" "$OUT/libc.bc" "$OUT/libc.ll" "$OUT/crt1.bc"

echo "build-musl: preparing $TREE"
cp -a "$SRC" "$TREE"
# Drop every architecture-specific source override (assembly, and C with inline assembly), so the
# generic C versions are built; the x86_64 headers under arch/ stay, three of them replaced below.
# (Only the x86_64 ones would be built; the others go too so the check below sees no assembly.)
for arch in "$TREE"/arch/*/; do
  arch="$(basename "$arch")"
  [[ "$arch" == generic ]] || rm -rf "$TREE"/src/*/"$arch" "$TREE"/src/malloc/*/"$arch"
done
cp -a "$ROOT/runtime/musl/overlay/." "$TREE/"
for p in "$ROOT"/runtime/musl/patches/*.patch; do
  patch -s -p1 -d "$TREE" <"$p"
done
# `#pragma STDC FENV_ACCESS ON` (fma, ilogb, lrint, nearbyint, ...) makes clang emit constrained
# floating-point intrinsics; sympath has one rounding mode and no floating-point exception flags (as
# musl's generic fenv.c), so the pragma is dropped and those files use ordinary arithmetic.
grep -rl 'pragma STDC FENV_ACCESS' "$TREE/src" | xargs -r sed -i '/pragma STDC FENV_ACCESS/d'
# Word-at-a-time scans (strlen, memchr, ...: `#ifdef __GNUC__` blocks reading aligned machine words)
# read up to 7 bytes past the end of a string, which is harmless on pages but an out-of-bounds access
# in sympath's object memory model; their byte-at-a-time C fallbacks are used instead.
for f in string/strlen string/strchrnul string/memchr string/stpcpy string/stpncpy string/strlcpy \
  string/memccpy multibyte/mbsrtowcs; do
  sed -i 's|^#ifdef __GNUC__$|#if 0 /* sympath: no word-at-a-time reads past the end of objects */|' "$TREE/src/$f.c"
done
leftover="$(find "$TREE/src" -name '*.s' -o -name '*.S' | head -n5)"
if [[ -n "$leftover" ]]; then
  echo "build-musl: assembly sources remain: $leftover" >&2
  exit 1
fi

echo "build-musl: configure (CC=$CLANG)"
(cd "$TREE" && CC="$CLANG" ./configure --target=x86_64 --prefix="$OUT" --disable-shared >configure.log 2>&1) || {
  cat "$TREE/configure.log" >&2
  exit 1
}

cat >"$TREE/sympath.mak" <<'EOF'
# sympath: build only the libc.a members (as LLVM bitcode) and list them.
include Makefile
sympath-objs: $(AOBJS)
sympath-list:
	@printf '%s\n' $(AOBJS) > sympath-objs.txt
EOF

echo "build-musl: compiling with $CLANG $MUSL_OPT (make -j$JOBS)"
# AOBJS: the non-PIC .o members (configure picks the -fPIC .lo ones when clang defaults to PIE).
MAKE_VARS=(CFLAGS_C99FSE="$FSE_FLAGS" CFLAGS_AUTO="$MUSL_OPT $COMMON_FLAGS" CFLAGS_MEMOPS= CFLAGS_NOSSP=
  CFLAGS= OPTIMIZE_GLOBS= 'AOBJS=$(LIBC_OBJS)')
(cd "$TREE" && make -s -f sympath.mak -j"$JOBS" "${MAKE_VARS[@]}" sympath-objs >make.log 2>&1) || {
  tail -n 40 "$TREE/make.log" >&2
  exit 1
}
(cd "$TREE" && make -s -f sympath.mak "${MAKE_VARS[@]}" sympath-list)
nobj=$(wc -l <"$TREE/sympath-objs.txt")

echo "build-musl: linking $nobj members into libc.bc"
(cd "$TREE" && "$LLVM_LINK" @sympath-objs.txt -o "$OUT/libc.bc")
"$LLVM_DIS" "$OUT/libc.bc" -o "$OUT/libc.ll"
if grep -qE '(call|invoke|callbr) .*asm (sideeffect )?"|^module asm' "$OUT/libc.ll"; then
  echo "build-musl: inline assembly left in libc.ll:" >&2
  grep -nE '(call|invoke|callbr) .*asm (sideeffect )?"|^module asm' "$OUT/libc.ll" | head >&2
  exit 1
fi

echo "build-musl: installing headers into $OUT/include"
(cd "$TREE" && make -s -f sympath.mak "${MAKE_VARS[@]}" includedir="$OUT/include" install-headers >/dev/null)

build_crt1

ms=$((($(date +%s%N) - start) / 1000000))
lines=$(wc -l <"$OUT/libc.ll")
funcs=$(grep -c '^define ' "$OUT/libc.ll")
undef=$("$LLVM_NM" --undefined-only "$OUT/libc.bc" | awk '{print $NF}' | tr '\n' ' ')
printf 'build-musl: done in %d.%d s: %s (%s members, %s IR lines, %s functions)\n' $((ms / 1000)) \
  $((ms % 1000 / 100)) "$OUT/libc.bc" "$nobj" "$lines" "$funcs"
echo "build-musl: libc.bc leaves undefined: $undef"
