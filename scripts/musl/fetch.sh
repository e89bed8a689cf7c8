#!/usr/bin/env bash
# scripts/musl/fetch.sh: fetch Debian bookworm's musl source package (1.2.3) into build/src/musl-1.2.3.
#
# Uses `apt-get source` through a temporary deb-src list and private Dir::State / Dir::Cache folders
# (under build/apt/), so the system's apt configuration, lists and cache are left untouched. The
# Debian mirror is the one the machine's own sources already use (/etc/apt/sources.list.d/*.sources
# or /etc/apt/sources.list); MUSL_DEBIAN_MIRROR overrides it. Idempotent: does nothing when the
# unpacked source is already there. Needs dpkg-source (dpkg-dev), installed here if missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SRC_DIR="$ROOT/build/src"
MUSL_VERSION="1.2.3"
MUSL_DIR="$SRC_DIR/musl-$MUSL_VERSION"
SUITE="bookworm"

if [[ -f "$MUSL_DIR/Makefile" && -f "$MUSL_DIR/src/stdio/printf.c" ]]; then
  echo "fetch-musl: $MUSL_DIR already present"
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

MIRROR="${MUSL_DEBIAN_MIRROR:-$(find_mirror | head -n1)}"
if [[ -z "$MIRROR" ]]; then
  echo "fetch-musl: no Debian $SUITE mirror found in /etc/apt; set MUSL_DEBIAN_MIRROR" >&2
  exit 1
fi

if ! command -v dpkg-source >/dev/null 2>&1; then
  echo "fetch-musl: installing dpkg-dev (for dpkg-source)"
  apt-get install -y dpkg-dev
fi

KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
SIGNED_BY=""
[[ -f "$KEYRING" ]] && SIGNED_BY="[signed-by=$KEYRING] "

APT_DIR="$ROOT/build/apt"
rm -rf "$APT_DIR"
mkdir -p "$APT_DIR/etc/sources.list.d" "$APT_DIR/etc/preferences.d" "$APT_DIR/state/lists/partial" \
  "$APT_DIR/cache/archives/partial" "$SRC_DIR"
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

echo "fetch-musl: apt-get source musl from $MIRROR ($SUITE main, private lists in build/apt)"
apt-get "${APT_OPTS[@]}" -qq update
(cd "$SRC_DIR" && apt-get "${APT_OPTS[@]}" -q source "musl/$SUITE")

if [[ ! -f "$MUSL_DIR/Makefile" ]]; then
  echo "fetch-musl: expected $MUSL_DIR after apt-get source; found: $(ls "$SRC_DIR")" >&2
  exit 1
fi
rm -rf "$APT_DIR"
echo "fetch-musl: musl $MUSL_VERSION unpacked in $MUSL_DIR"
