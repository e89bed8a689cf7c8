#!/usr/bin/env bash
# The DGSE paper's Table 10 (mutation kill rates), on small subjects: exhaustive DFS's tests against
# DGSE's tests, each run to completion, then `sympath mutate` and `sympath kill DFS DGSE`. Resumable:
# a subject whose kill.json is complete is skipped. Writes under WORK (default build/dgse-table10).
#   bash benchmarks/dgse/table10.sh [WORK] [SUBJECT...]     (SUBJECT: tokens wc machine args)
set -u
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=${1:-$root/build/dgse-table10}
shift || true
subjects=("$@")
[ ${#subjects[@]} -gt 0 ] || subjects=(tokens wc machine args)
sympath=(node "$root/bin/sympath.mjs")
for name in "${subjects[@]}"; do
  src=$root/benchmarks/pse/programs/$name.c
  d=$work/$name
  [ -f "$d/kill.done" ] && continue
  rm -rf "$d"; mkdir -p "$d"
  "${sympath[@]}" run --libc none --search dfs --max-time 300 --output-dir "$d/dfs" "$src" >/dev/null 2>&1
  "${sympath[@]}" run --libc none --driver dgse --max-time 300 --output-dir "$d/dgse" "$src" >/dev/null 2>&1
  "${sympath[@]}" mutate "$src" --out "$d/m" -j 2 >/dev/null 2>&1
  "${sympath[@]}" kill "$d/dfs" "$d/dgse" --mutants "$d/m" -j 2 --timeout 2 --json >"$d/kill.json" 2>"$d/kill.err" && touch "$d/kill.done"
  echo "table10: $name done"
done
