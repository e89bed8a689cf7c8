#!/usr/bin/env bash
# Sets up a machine to build, test and run sympath: Debian 12 packages (LLVM 19 toolchain, gcc, z3,
# csmith, coverage tools, the aarch64 cross toolchain and qemu), then the npm dependencies, then the
# TypeScript build. Idempotent and quick when everything is in place: each package is checked through a
# command or a file it installs, apt runs only for what is missing, `npm ci` only when node_modules is
# missing or older than package-lock.json, `tsc` and the CLI bundle (npm run build) only when a source is
# newer than dist/ (bin/sympath.mjs rebuilds a stale bundle by itself too).
#
# Runs as root (CI, fresh machines) or as a user with password-less sudo. Non-interactive throughout.
#   SYMPATH_SETUP_DRY_RUN=1  print the apt/npm commands instead of running them.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }
dry=${SYMPATH_SETUP_DRY_RUN:-}
run() { if [ -n "$dry" ]; then printf 'setup: would run: %s\n' "$*"; else "$@"; fi; }

# --- Debian packages ------------------------------------------------------------------------------
# Each entry is CHECK:PACKAGE; CHECK is a command on PATH or an absolute path the package installs.
# dpkg-dev gives dpkg-source, which `apt-get source` needs (musl and coreutils come from Debian's
# source packages: scripts/debian-source.sh).
required=(
  dpkg-source:dpkg-dev
  make:make
  gcc:gcc
  /usr/include/stdio.h:libc6-dev
  clang-19:clang-19
  llvm-link-19:llvm-19
  llvm-dis-19:llvm-19
  opt-19:llvm-19
  llvm-cov-19:llvm-19
  ld.lld-19:lld-19
  /usr/lib/llvm-19/lib/clang/19/lib/linux/libclang_rt.profile-x86_64.a:libclang-rt-19-dev
  z3:z3
  csmith:csmith
  /usr/include/csmith/csmith.h:libcsmith-dev
  gcovr:gcovr
  lcov:lcov
  aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu
  /usr/aarch64-linux-gnu/include/stdio.h:libc6-dev-arm64-cross
  qemu-aarch64:qemu-user
  # gcc -m32 (Test-Comp's ILP32 tasks): the two packages behind Debian's gcc-multilib, which cannot be
  # installed itself beside the aarch64 cross compiler (it declares a conflict with gcc-12-aarch64-linux-gnu)
  /usr/lib/gcc/x86_64-linux-gnu/12/32/libgcc.a:lib32gcc-12-dev
  /usr/include/x86_64-linux-gnu/gnu/stubs-32.h:libc6-dev-i386
  qemu-i386:qemu-user
  xmllint:libxml2-utils
  # the job queue of `sympath run --queue`/`sympath worker` (src/queue): its tests start their own server
  redis-server:redis-server
)
# Wanted but not essential: clang-14 makes typed-pointer IR for the parser's compatibility test.
optional=(
  clang-14:clang-14
)

present() {
  case "$1" in
    /*) [ -e "$1" ] ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}

missing_of() {
  local entry check pkg out=()
  for entry in "$@"; do
    check=${entry%%:*}
    pkg=${entry#*:}
    if ! present "$check"; then
      case " ${out[*]-} " in *" $pkg "*) ;; *) out+=("$pkg") ;; esac
    fi
  done
  printf '%s\n' "${out[@]-}"
}

mapfile -t need < <(missing_of "${required[@]}" | sed '/^$/d')
mapfile -t want < <(missing_of "${optional[@]}" | sed '/^$/d')

# Node.js: expected to be installed (Node 20). On a bare Debian 12, fall back to Debian's own (Node 18).
if ! command -v node >/dev/null 2>&1; then
  say "node not found: installing Debian's nodejs (Node 18; sympath targets Node 20)"
  need+=(nodejs)
fi
if ! command -v npm >/dev/null 2>&1; then need+=(npm); fi

if [ ${#need[@]} -eq 0 ] && [ ${#want[@]} -eq 0 ]; then
  say "system packages: all present (clang-19, llvm-19, lld-19, gcc, z3, csmith, gcovr, lcov, aarch64 gcc, qemu, gcc -m32, xmllint, clang-14)"
else
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo)
    else
      die "missing packages: ${need[*]-} ${want[*]-}; run as root: apt-get update && apt-get install --no-install-recommends ${need[*]-} ${want[*]-}"
    fi
  fi
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found; install by hand: ${need[*]-} ${want[*]-}"
  apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q -o DPkg::Lock::Timeout=300)
  say "installing Debian packages: ${need[*]-} ${want[*]-}"
  run "${apt[@]}" update
  if [ ${#need[@]} -gt 0 ]; then
    run "${apt[@]}" install --no-install-recommends "${need[@]}"
  fi
  if [ ${#want[@]} -gt 0 ]; then
    if ! run "${apt[@]}" install --no-install-recommends "${want[@]}"; then
      say "optional packages not installed (${want[*]}); the tests that need them are skipped"
    fi
  fi
  if [ -z "$dry" ]; then
    mapfile -t still < <(missing_of "${required[@]}" | sed '/^$/d')
    [ ${#still[@]} -eq 0 ] || die "still missing after apt-get: ${still[*]}"
  fi
fi

if command -v node >/dev/null 2>&1; then
  major=$(node -p 'process.versions.node.split(".")[0]')
  [ "$major" -ge 20 ] || say "warning: Node $(node --version) found; sympath is built and tested on Node 20"
fi

# --- npm dependencies -----------------------------------------------------------------------------
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies (npm ci)"
  run npm ci --no-audit --no-fund
else
  say "npm dependencies: up to date"
fi

# --- build ----------------------------------------------------------------------------------------
# tsc writes dist/ even when it reports errors, so success is recorded in a stamp of its own.
stamp=dist/.setup-build-ok
if [ ! -f "$stamp" ] || [ ! -f dist/cli/main.js ] || [ tsconfig.json -nt "$stamp" ] ||
  [ package-lock.json -nt "$stamp" ] || [ -n "$(find src -name '*.ts' -newer "$stamp" -print -quit)" ]; then
  say "building (tsc → dist/, then the CLI bundle)"
  rm -f "$stamp"
  mkdir -p dist && touch "$stamp.new" # sources changed while tsc runs stay newer than the stamp
  run npm run --silent build
  if [ -n "$dry" ]; then rm -f "$stamp.new"; else mv "$stamp.new" "$stamp"; fi
else
  say "build: dist/ up to date"
fi
