#!/usr/bin/env bash
# benchmarks/coreutils/run.sh [-t SECONDS] [-j JOBS] [-o RESULTS] [-r] [UTIL...]: sympath on every
# utility `make coreutils` built (build/ir/utilities.txt, or the ones named) with KLEE's OSDI'08
# arguments
#
#   --sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout
#
# for SECONDS each (default 60), JOBS at a time (default 2), through `sympath experiment` on
# osdi.experiment.json (src/experiment/README.md): this script only writes that spec again with the
# time, the utilities and the results folder given (build/osdi.experiment.json, absolute paths), runs
# it, and has report.mjs write RESULTS/README.md (per utility instructions, paths, tests, errors by
# kind, engine failures with their messages). Resumable as every experiment: one result file per
# utility in RESULTS/cells/, skipped when there (delete it to rerun); the output directories in
# RESULTS/runs/. -r: the table alone. (The committed benchmarks/results/coreutils was made by this
# script's own loop before session 9: `node report.mjs --table` reads that layout.)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TIME=60
JOBS=2
RESULTS="$ROOT/benchmarks/results/coreutils-experiment"
REPORT_ONLY=0
while getopts "t:j:o:r" opt; do
  case "$opt" in
    t) TIME="$OPTARG" ;;
    j) JOBS="$OPTARG" ;;
    o) RESULTS="$(realpath -m "$OPTARG")" ;;
    r) REPORT_ONLY=1 ;;
    *) echo "usage: $0 [-t SECONDS] [-j JOBS] [-o RESULTS] [-r] [UTIL...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

if [[ $REPORT_ONLY == 0 ]]; then
  [[ -f "$HERE/build/ir/utilities.txt" ]] || { echo "run.sh: no build/ir/utilities.txt: run 'make coreutils' first" >&2; exit 1; }
  list="$HERE/build/ir/utilities.txt"
  if [[ $# -gt 0 ]]; then
    list="$HERE/build/osdi-utilities.txt"
    printf '%s\n' "$@" >"$list"
  fi
  spec="$HERE/build/osdi.experiment.json"
  # The spec with this run's time (and run.sh's hard limit: twice the time plus two minutes), list and folder.
  node "$HERE/write-spec.mjs" "$HERE/osdi.experiment.json" "$spec" "$TIME" "$list" "$RESULTS" "$HERE/build/ir" "$(awk -v t="$TIME" 'BEGIN { print t * 2 + 120 }')"
  node "$ROOT/bin/sympath.mjs" experiment "$spec" -j "$JOBS"
fi
node "$HERE/report.mjs" --experiment "$RESULTS" "$TIME"
echo "run.sh: table in $RESULTS/README.md"
