#!/usr/bin/env bash
# scripts/debian-source.sh PACKAGE UPSTREAM-VERSION: fetch Debian bookworm's source package PACKAGE
# into build/src/PACKAGE-UPSTREAM-VERSION (e.g. `musl 1.2.3`, `coreutils 9.1`), with Debian's patches
# applied (dpkg-source -x, as `apt-get source` runs it).
#
# Uses `apt-get source` through a temporary deb-src list and private Dir::State / Dir::Cache folders
# (under build/apt-PACKAGE/), so the system's apt configuration, lists and cache are left untouched. The
# Debian mirror is the one the machine's own sources already use (/etc/apt/sources.list.d/*.sources or
# /etc/apt/sources.list); DEBIAN_MIRROR (or MUSL_DEBIAN_MIRROR) overrides it. Idempotent: does nothing
# when the unpacked source is already there. Needs dpkg-source (dpkg-dev), installed here if missing
# (as root, or with password-less sudo). Works as root and as a user.
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 PACKAGE UPSTREAM-VERSION" >&2
  exit 2
fi
PACKAGE="$1"
VERSION="$2"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# SYMPATH_BUILD_ROOT: where build/ is (sympath's user cache directory when installed; scripts/musl/build.sh).
BUILD="${SYMPATH_BUILD_ROOT:-$ROOT/build}"
SRC_DIR="$BUILD/src"
DEST="$SRC_DIR/$PACKAGE-$VERSION"
SUITE="bookworm"
say() { printf 'fetch-%s: %s\n' "$PACKAGE" "$*"; }

if [[ -f "$DEST/.sympath-fetched" ]]; then
  say "$DEST already present"
  exit 0
fi

# The mirror: first `URIs:` of a deb822 stanza whose Suites name bookworm (not -security), else the
# first one-line `deb URL bookworm ...` entry.
find_mirror() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] || continue
    awk -v suite="$SUITE" '
      BEGIN { RS = ""; FS = "\n" }
      {
        uri = ""; ok = 0
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^URIs:/)   { split($i, a, /[ \t]+/); uri = a[2] }
          if ($i ~ /^Suites:/) { n = split($i, s, /[ \t]+/); for (j = 2; j <= n; j++) if (s[j] == suite) ok = 1 }
        }
        if (ok && uri != "") { print uri; exit }
      }' "$f"
  done | head -n1
  if [[ -f /etc/apt/sources.list ]]; then
    awk -v suite="$SUITE" '$1 == "deb" {
        i = 2; if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
        if ($(i + 1) == suite) { print $i; exit } }' /etc/apt/sources.list
  fi
}

MIRROR="${DEBIAN_MIRROR:-${MUSL_DEBIAN_MIRROR:-$(find_mirror | head -n1)}}"
if [[ -z "$MIRROR" ]]; then
  say "no Debian $SUITE mirror found in /etc/apt; set DEBIAN_MIRROR" >&2
  exit 1
fi

if ! command -v dpkg-source >/dev/null 2>&1; then
  say "installing dpkg-dev (for dpkg-source)"
  sudo=()
  if [[ "$(id -u)" -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo=(sudo); else
      say "dpkg-source is missing; install dpkg-dev (as root: apt-get install dpkg-dev)" >&2
      exit 1
    fi
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q -o DPkg::Lock::Timeout=300 install --no-install-recommends dpkg-dev
fi

KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
SIGNED_BY=""
[[ -f "$KEYRING" ]] && SIGNED_BY="[signed-by=$KEYRING] "

APT_DIR="$BUILD/apt-$PACKAGE"
rm -rf "$APT_DIR"
mkdir -p "$APT_DIR/etc/sources.list.d" "$APT_DIR/etc/preferences.d" "$APT_DIR/state/lists/partial" \
  "$APT_DIR/cache/archives/partial" "$APT_DIR/unpack" "$SRC_DIR"
echo "deb-src ${SIGNED_BY}$MIRROR $SUITE main" >"$APT_DIR/etc/sources.list"

APT_OPTS=(
  -o "Dir::Etc::SourceList=$APT_DIR/etc/sources.list"
  -o "Dir::Etc::SourceParts=$APT_DIR/etc/sources.list.d"
  -o "Dir::Etc::PreferencesParts=$APT_DIR/etc/preferences.d"
  -o "Dir::State=$APT_DIR/state"
  -o "Dir::State::Lists=$APT_DIR/state/lists"
  -o "Dir::Cache=$APT_DIR/cache"
  -o "Dir::State::status=/var/lib/dpkg/status"
  -o "APT::Sandbox::User=$(id -un)"
  -o "Debug::NoLocking=1"
)

say "apt-get source $PACKAGE from $MIRROR ($SUITE main, private lists in build/apt-$PACKAGE)"
apt-get "${APT_OPTS[@]}" -qq update
# Unpack in a folder of its own, then move the tree into place (a half-unpacked tree never counts).
(cd "$APT_DIR/unpack" && apt-get "${APT_OPTS[@]}" -q source "$PACKAGE/$SUITE")
if [[ ! -d "$APT_DIR/unpack/$PACKAGE-$VERSION" ]]; then
  say "expected $PACKAGE-$VERSION after apt-get source; found: $(ls "$APT_DIR/unpack")" >&2
  exit 1
fi
rm -rf "$DEST"
mv "$APT_DIR/unpack/$PACKAGE-$VERSION" "$DEST"
touch "$DEST/.sympath-fetched"
rm -rf "$APT_DIR"
say "$PACKAGE $VERSION unpacked in $DEST"
