#!/usr/bin/env bash
# benchmarks/coreutils/build.sh (`make coreutils`): GNU Coreutils 9.1 from Debian bookworm's source
# package as sympath's subjects.
#
#   1. scripts/debian-source.sh coreutils 9.1   -> build/src/coreutils-9.1 (apt-get source, as for musl)
#   2. make musl; musl-native.sh                 -> build/musl (IR) and build/musl-native (native musl)
#   3. IR build in build/obj-ir: configure with CC=cc-musl (clang-19 -flto against musl's headers,
#      linked statically with the native musl, so configure's checks describe musl), `make` every
#      program; cc-musl writes each utility's whole-program bitcode to build/ir/<util>.bc
#   4. gcov build in build/obj-gcov: gcc --coverage -O0 -g against glibc (the native binaries replay
#      runs for coverage, as KLEE's tutorial does)
#   5. prints which utilities built
#
# Each step is skipped when its output is there (COREUTILS_FORCE=1 redoes steps 3-4; deleting
# build/obj-*/.sympath-built reruns only their make). JOBS sets the make parallelism (default: the
# number of processors). COREUTILS_UTILS="echo ..." builds only those utilities (`make coreutils-echo`
# at the top: CI's one real utility) and COREUTILS_IR_ONLY=1 skips step 4; a partial build leaves no
# .sympath-built mark, so a later full build still makes everything.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
B="$HERE/build"
SRC="$ROOT/build/src/coreutils-9.1"
JOBS="${JOBS:-$(nproc)}"
mkdir -p "$B"
say() { printf 'coreutils: %s\n' "$*"; }

"$ROOT/scripts/debian-source.sh" coreutils 9.1
make --no-print-directory -C "$ROOT" musl
"$HERE/musl-native.sh"

# Features that need libraries musl does not have, or that only add code paths outside the subject.
CONFIG_OPTS=(--disable-nls --disable-acl --disable-xattr --disable-libcap --disable-libsmack --without-selinux
  --without-openssl --without-libgmp --disable-rpath --enable-no-install-program=stdbuf)
export FORCE_UNSAFE_CONFIGURE=1 # configure refuses to run as root otherwise

# A variable of the configured Makefile (bin_PROGRAMS, BUILT_SOURCES), one word per line.
make_var() {
  local obj="$1" var="$2"
  printf 'include Makefile\nsympath-print-var:\n\t@echo $(%s)\n' "$var" >"$obj/sympath-var.mak"
  # --no-print-directory: under `make -C benchmarks/coreutils` the inherited -w would print
  # "make[1]: Entering directory ..." into the value (its words were then taken as targets).
  (cd "$obj" && make -s --no-print-directory -f sympath-var.mak sympath-print-var) | tr ' ' '\n' | sed '/^$/d'
}

# The programs configure chose to build (bin_PROGRAMS), by name (src/[ is "[").
programs() {
  make_var "$1" bin_PROGRAMS | sed -n 's|^src/||p' | grep -v '\.' || true
}

build_tree() {
  local kind="$1" obj="$B/obj-$1"
  shift
  if [[ -n "${COREUTILS_FORCE:-}" ]]; then rm -rf "$obj"; fi
  if [[ -z "${COREUTILS_UTILS:-}" && -f "$obj/.sympath-built" ]]; then
    say "$kind build: up to date ($obj)"
    return 0
  fi
  if [[ ! -f "$obj/.sympath-configured" ]]; then
    rm -rf "$obj"
    mkdir -p "$obj"
    say "$kind build: configure (log: $obj/configure.log)"
    (cd "$obj" && "$SRC/configure" "${CONFIG_OPTS[@]}" "$@" >configure.log 2>&1) || {
      tail -n 30 "$obj/configure.log" >&2
      return 1
    }
    # cksum's and wc's fast paths ask the CPU (cpuid.h: inline assembly) whether it has PCLMUL/AVX2;
    # the IR must have no assembly, and both builds take the same (portable) code paths.
    # config.status too, or make's regeneration of config.h would bring them back.
    sed -i -e 's|^#define USE_PCLMUL_CRC32 1$|/* sympath: no cpuid (inline assembly) */|' \
      -e 's|^#define USE_AVX2_WC_LINECOUNT 1$|/* sympath: no cpuid (inline assembly) */|' "$obj/lib/config.h"
    sed -i -e '/^D\["USE_PCLMUL_CRC32"\]=/d' -e '/^D\["USE_AVX2_WC_LINECOUNT"\]=/d' "$obj/config.status"
    # Regenerate now, so config.status is not newer than what it makes: otherwise the first `make`
    # reruns it and its chatter lands in make_var's output.
    (cd "$obj" && ./config.status >config.status.log 2>&1)
    touch "$obj/.sympath-configured"
  fi
  if [[ -n "${COREUTILS_UTILS:-}" ]]; then read -ra progs <<<"$COREUTILS_UTILS"; else mapfile -t progs < <(programs "$obj"); fi
  mapfile -t built < <(make_var "$obj" BUILT_SOURCES)
  say "$kind build: make -j$JOBS: ${#built[@]} generated headers, then ${#progs[@]} programs (log: $obj/make.log)"
  # The generated headers (gnulib's replacement stdio.h, ...) first: `make all` would build them, a
  # list of program targets does not. -k: one program failing to build does not stop the others; the
  # man pages are not built.
  (cd "$obj" && make -k -j"$JOBS" "${built[@]}" >make.log 2>&1 && make -k -j"$JOBS" "${progs[@]/#/src/}" >>make.log 2>&1) ||
    say "$kind build: some programs failed (see $obj/make.log)"
  [[ -n "${COREUTILS_UTILS:-}" ]] || touch "$obj/.sympath-built"
}

# 3. IR (-DNO_ASM: factor's longlong.h without inline assembly)
mkdir -p "$B/ir"
SYMPATH_IR_DIR="$B/ir" build_tree ir CC="$HERE/cc-musl" \
  CFLAGS="-O0 -Xclang -disable-O0-optnone -g -fno-stack-protector -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=0 -DNO_ASM" ||
  { say "IR build failed"; exit 1; }
export -n SYMPATH_IR_DIR
# 4. gcov
[[ -n "${COREUTILS_IR_ONLY:-}" ]] ||
  build_tree gcov CC=gcc CFLAGS="-O0 -g --coverage -DNO_ASM" LDFLAGS="--coverage" || say "gcov build failed (replay coverage unavailable)"

# utilities.txt lists every utility whose IR is there (a partial build keeps the others' list);
# "not built" speaks only of the ones asked for.
mapfile -t all < <(programs "$B/obj-ir")
asked=("${all[@]}")
if [[ -n "${COREUTILS_UTILS:-}" ]]; then read -ra asked <<<"$COREUTILS_UTILS"; fi
ir=() gcov=() missing=()
for p in "${all[@]}"; do
  if [[ -f "$B/ir/$p.bc" ]]; then ir+=("$p"); fi
  [[ -x "$B/obj-gcov/src/$p" ]] && gcov+=("$p")
done
for p in "${asked[@]}"; do [[ -f "$B/ir/$p.bc" ]] || missing+=("$p"); done
printf '%s\n' "${ir[@]}" >"$B/ir/utilities.txt"
say "${#ir[@]} of ${#all[@]} utilities built into LLVM IR (build/ir/<util>.bc):"
echo "${ir[*]}" | fold -s -w 100 | sed 's/^/  /'
say "${#gcov[@]} native gcov binaries (build/obj-gcov/src/<util>)"
if [[ ${#missing[@]} -gt 0 ]]; then say "not built into IR: ${missing[*]}"; fi
