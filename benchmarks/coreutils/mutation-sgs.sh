#!/usr/bin/env bash
# SGS's mutation finding on Coreutils (issue 16, Experiment): for each utility, the tests of
# `subpath:combined` and of `random-path` (the issue-7 protocol: --sym-args 0 3 10 --sym-files 2 8,
# 90 s, --only-output-states-covering-new, tests of paths alive at the end dropped), its source mutants
# (`sympath mutate`), and `sympath kill combined random-path` on native musl builds of each mutant.
# Resumable: a utility whose kill.json exists is skipped (copied from combined/kill.json when the kill ran); each step's output is kept under
# OUT/UTIL/. Needs the utility's IR build (benchmarks/coreutils/build/ir/UTIL.bc and obj-ir).
# MAX_MUTANTS=N: at most N mutants per utility, a seeded random choice among the sites (mutate --max).
#   bash benchmarks/coreutils/mutation-sgs.sh OUT UTIL...
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=$1; shift
sympath=(node "$root/bin/sympath.mjs")
O=$here/build/obj-ir
S=$root/build/src/coreutils-9.1
for util in "$@"; do
  d=$out/$util
  [ -f "$d/kill.json" ] && { echo "mutation-sgs: $util already done"; continue; }
  mkdir -p "$d"
  for search in subpath:combined random-path; do
    t=$d/${search%%:*}
    [ "$search" = subpath:combined ] && t=$d/combined
    if [ ! -f "$t/stats.json" ]; then
      rm -rf "$t"
      "${sympath[@]}" run --output-dir "$t" --libc musl --posix-runtime --search "$search" --seed 1 --max-time 90 \
        --max-solver-time 10 --solver native --only-output-states-covering-new \
        "$here/build/ir/$util.bc" --sym-args 0 3 10 --sym-files 2 8 >"$d/${t##*/}.log" 2>&1
      # As issue 7: the tests of paths alive at the end are not kept.
      for e in "$t"/*.early; do [ -e "$e" ] && rm -f "$e" "${e%.early}.ktest"; done
    fi
  done
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
