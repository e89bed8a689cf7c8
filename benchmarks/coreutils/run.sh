#!/usr/bin/env bash
# benchmarks/coreutils/run.sh [-t SECONDS] [-j JOBS] [-o RESULTS] [UTIL...]: runs sympath on every
# utility `make coreutils` built (build/ir/utilities.txt, or the ones named) with KLEE's OSDI'08
# arguments
#
#   --sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout
#
# for SECONDS each (default 60), JOBS at a time (default 2). Resumable: each utility leaves one small
# result file, RESULTS/runs/<util>.json, and is skipped when it exists (delete it to rerun). At the end
# (and with -r alone) report.mjs writes RESULTS/README.md: per utility instructions, paths, tests,
# errors by kind, and engine failures (exec/model errors and internal errors, with their messages).
# The output directories go to build/runs/<util> (tests, .err files, stats.json).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
TIME=60
JOBS=2
RESULTS="$ROOT/benchmarks/results/coreutils"
REPORT_ONLY=0
while getopts "t:j:o:r" opt; do
  case "$opt" in
    t) TIME="$OPTARG" ;;
    j) JOBS="$OPTARG" ;;
    o) RESULTS="$OPTARG" ;;
    r) REPORT_ONLY=1 ;;
    *) echo "usage: $0 [-t SECONDS] [-j JOBS] [-o RESULTS] [-r] [UTIL...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
mkdir -p "$RESULTS/runs" "$HERE/build/runs" "$HERE/build/logs"

if [[ $REPORT_ONLY == 0 ]]; then
  if [[ $# -gt 0 ]]; then utils=("$@"); else
    [[ -f "$HERE/build/ir/utilities.txt" ]] || { echo "run.sh: no build/ir/utilities.txt: run 'make coreutils' first" >&2; exit 1; }
    mapfile -t utils <"$HERE/build/ir/utilities.txt"
  fi
  (cd "$ROOT" && npm run --silent build) # dist/ up to date
  export SYMPATH_ROOT="$ROOT" TIME HERE RESULTS
  run_one() {
    local u="$1"
    local json="$RESULTS/runs/$u.json"
    [[ -f "$json" ]] && return 0
    local out="$HERE/build/runs/$u" log="$HERE/build/logs/$u.log"
    rm -rf "$out"
    local start end status
    start=$(date +%s.%N)
    set +e
    # A hard limit well above --max-time: a run that does not stop by itself is a failure too.
    timeout -k 10 $((TIME * 2 + 120)) node "$SYMPATH_ROOT/bin/sympath.mjs" run --output-dir "$out" --max-time "$TIME" \
      --posix-runtime --only-output-states-covering-new "$HERE/build/ir/$u.bc" \
      --sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout >"$log" 2>&1
    status=$?
    set -e
    end=$(date +%s.%N)
    node "$HERE/report.mjs" --one "$u" "$out" "$status" "$(echo "$end - $start" | bc)" "$log" >"$json.tmp" && mv "$json.tmp" "$json"
    echo "run.sh: $u done (exit $status)"
  }
  export -f run_one
  printf '%s\n' "${utils[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one "$@"' _ {}
fi
node "$HERE/report.mjs" --table "$RESULTS" "$TIME"
echo "run.sh: table in $RESULTS/README.md"
