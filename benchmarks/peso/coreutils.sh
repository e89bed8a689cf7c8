#!/usr/bin/env bash
# The PESO experiment's Coreutils rows (Table IV shape): each utility of SUBJECTS below, under PESO
# (`--driver peso`) and under exhaustive exploration computing the same partitions per path
# (`--driver peso --peso-exhaustive`, the paper's PCExplore), musl and the POSIX model, output
# criterion stdout and exit status, --max-time BUDGET (default 150 s) each. GNU time gives the CPU
# seconds of the whole run (node, clang/link and the Z3 child; start-up included).
# One result file per run, benchmarks/results/peso/coreutils/UTIL.MODE.json, skipped when present
# (delete it to rerun); the output directories in /tmp (not committed).
#   nice -n 10 benchmarks/peso/coreutils.sh [-j JOBS] [-t BUDGET] [UTIL...]
# Needs benchmarks/coreutils/build/ir/UTIL.bc (make coreutils, or a copy of a prebuilt build/).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
JOBS=1
BUDGET=150
while getopts "j:t:" opt; do
  case "$opt" in
    j) JOBS="$OPTARG" ;;
    t) BUDGET="$OPTARG" ;;
    *) echo "usage: $0 [-j JOBS] [-t BUDGET] [UTIL...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
# The symbolic input of each utility (small, so that exhaustive exploration can finish).
declare -A ARGS=(
  [echo]='--sym-args 0 1 2'
  [printf]='--sym-args 1 1 2'
  [seq]='--sym-args 1 1 1'
  [cat]='--sym-stdin 2'
  [wc]='--sym-stdin 2'
  [head]='--sym-stdin 2'
  [fold]='-w2 --sym-stdin 3'
  [cut]='-c1 --sym-stdin 2'
  [paste]='-s --sym-stdin 2'
  [comm]='A B --sym-files 2 1'
)
utils=("$@")
[ ${#utils[@]} -eq 0 ] && utils=(echo printf seq cat wc head fold cut paste comm)
OUT="$ROOT/benchmarks/results/peso/coreutils"
mkdir -p "$OUT"
one() {
  local util="$1" mode="$2" args="$3"
  local res="$OUT/$util.$mode.json"
  [ -f "$res" ] && return 0
  local dir; dir=$(mktemp -d /tmp/peso-coreutils-XXXXXX)
  local extra=()
  [ "$mode" = exhaustive ] && extra=(--peso-exhaustive)
  local rc=0
  # shellcheck disable=SC2086
  /usr/bin/time -f '%U %S' -o "$dir/cpu" node "$ROOT/bin/sympath.mjs" run --driver peso "${extra[@]}" --posix-runtime \
    --max-time "$BUDGET" --output-dir "$dir/out" "$ROOT/benchmarks/coreutils/build/ir/$util.bc" $args \
    >"$dir/log" 2>&1 || rc=$?
  node "$ROOT/benchmarks/peso/coreutils-result.mjs" "$util" "$mode" "$args" "$BUDGET" "$rc" "$dir" >"$res.tmp" && mv "$res.tmp" "$res"
  echo "$util $mode: $(head -c 300 "$res")"
  rm -rf "$dir"
}
for u in "${utils[@]}"; do
  [ -n "${ARGS[$u]:-}" ] || { echo "coreutils.sh: no input for $u" >&2; exit 2; }
  [ -f "$ROOT/benchmarks/coreutils/build/ir/$u.bc" ] || { echo "coreutils.sh: no benchmarks/coreutils/build/ir/$u.bc" >&2; exit 2; }
done
for u in "${utils[@]}"; do
  for m in peso exhaustive; do
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
    one "$u" "$m" "${ARGS[$u]}" &
  done
done
wait
