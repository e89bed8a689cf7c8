#!/usr/bin/env bash
# SGS's mutation finding on Coreutils (issue 16, Experiment): for each utility, the tests of
# `subpath:combined` and of `random-path` (the issue-7 protocol: --sym-args 0 3 10 --sym-files 2 8,
# 90 s, --only-output-states-covering-new, tests of paths alive at the end dropped), its source mutants
# (`sympath mutate`), and `sympath kill combined random-path` on native musl builds of each mutant.
# The runs are the cells of `sympath experiment` on mutation-sgs.experiment.json: this script writes
# that spec again with its -t, utilities and results folder (OUT/experiment/spec.json, absolute paths)
# and runs it; what comes after the cells stays here: per utility it links the two cells' output
# directories as OUT/UTIL/combined and OUT/UTIL/random-path, drops their tests of paths cut short
# (testN.early), mutates and kills. Resumable: a cell with a result file in OUT/experiment/cells/ is not
# run again, a utility whose kill.json exists is skipped (copied from combined/kill.json when the kill
# ran); each step's output is kept under OUT/UTIL/. Needs the utility's IR build
# (benchmarks/coreutils/build/ir/UTIL.bc and obj-ir) and its sources in build/src/coreutils-9.1.
# MAX_MUTANTS=N: at most N mutants per utility, a seeded random choice among the sites (mutate --max).
#   bash benchmarks/coreutils/mutation-sgs.sh [-t SECONDS] [-j JOBS] OUT UTIL...
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
TIME=90
JOBS=2
while getopts "t:j:" opt; do
  case "$opt" in
    t) TIME="$OPTARG" ;;
    j) JOBS="$OPTARG" ;;
    *) echo "usage: $0 [-t SECONDS] [-j JOBS] OUT UTIL..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { echo "usage: $0 [-t SECONDS] [-j JOBS] OUT UTIL..." >&2; exit 2; }
out=$(realpath -m "$1"); shift
sympath=(node "$root/bin/sympath.mjs")
O=$here/build/obj-ir
S=$root/build/src/coreutils-9.1
exp=$out/experiment
mkdir -p "$exp"
printf '%s\n' "$@" >"$exp/utilities.txt"
# The spec with this run's time, list and results folder (relative paths made absolute).
node "$here/write-spec.mjs" "$here/mutation-sgs.experiment.json" "$exp/spec.json" "$TIME" "$exp/utilities.txt" "$exp" "$here/build/ir"
"${sympath[@]}" experiment "$exp/spec.json" -j "$JOBS" || { echo "mutation-sgs: the experiment failed" >&2; exit 1; }

# The output directory of a cell that finished ok (its result file's outputDir), or nothing.
cell_dir() {
  node -e '
    const f = process.argv[1];
    if (!require("fs").existsSync(f)) process.exit(0);
    const c = JSON.parse(require("fs").readFileSync(f, "utf8"));
    if (c.status === "ok") console.log(c.outputDir);
  ' "$exp/cells/$1__$2__${TIME}s__seed1.json"
}

for util in "$@"; do
  d=$out/$util
  [ -f "$d/kill.json" ] && { echo "mutation-sgs: $util already done"; continue; }
  mkdir -p "$d"
  ok=1
  for search in combined random-path; do
    t=$(cell_dir "$util" "$search")
    [ -n "$t" ] || { echo "mutation-sgs: $util: the $search cell failed (see $exp/cells/)" >&2; ok=0; break; }
    ln -sfn "$t" "$d/$search"
    # As issue 7: the tests of paths alive at the end are not kept.
    for e in "$t"/*.early; do [ -e "$e" ] && rm -f "$e" "${e%.early}.ktest"; done
  done
  [ $ok = 1 ] || continue
  if [ ! -f "$d/m/mutants.json" ]; then
    rm -rf "$d/m"
    # musl's headers after gnulib's and before the system's, as cc-musl compiles (config.h was made
    # against them: cat.c wants <stropts.h>).
    "${sympath[@]}" mutate "$S/src/$util.c" -I "$O" -I "$S" -I "$O/lib" -I "$S/lib" -I "$O/src" -I "$S/src" -I "$root/build/musl/include" \
      ${MAX_MUTANTS:+--max "$MAX_MUTANTS"} --out "$d/m" -j 2 >"$d/mutate.log" 2>&1 || { echo "mutation-sgs: mutate failed for $util" >&2; continue; }
  fi
  # The report on stdout; kill.json (which tests kill which mutant) is written into the first directory.
  "${sympath[@]}" kill "$d/combined" "$d/random-path" --mutants "$d/m" --binary-build "$here/mutant-build.sh" \
    -j 2 --timeout 5 >"$d/kill.txt.tmp" 2>"$d/kill.err" && mv "$d/kill.txt.tmp" "$d/kill.txt" && cp "$d/combined/kill.json" "$d/kill.json"
  echo "mutation-sgs: $util done"
done
