#!/usr/bin/env bash
# Copies what benchmarks/coreutils/mutation-sgs.sh wrote under OUT/UTIL/ into benchmarks/results/mutation-sgs/
# (per utility: kill.txt, kill.json, each search's stats.json and info, mutants.json) and prints the
# table of benchmarks/results/mutation-sgs/README.md: kill rates of subpath:combined and random-path.
#   bash benchmarks/coreutils/mutation-sgs-collect.sh OUT
set -euo pipefail
out=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest="$here/../results/mutation-sgs"
mkdir -p "$dest"
echo "| utility | mutants | killed: subpath:combined | killed: random-path | only by combined | only by random-path | tests combined / random-path |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for d in "$out"/*/; do
  u=$(basename "$d")
  [ -f "$d/kill.txt" ] || continue
  mkdir -p "$dest/$u"
  cp "$d/kill.txt" "$d/kill.json" "$dest/$u/"
  cp "$d/m/mutants.json" "$dest/$u/mutants.json"
  for s in combined random-path; do
    cp "$d/$s/stats.json" "$dest/$u/$s.stats.json"
    cp "$d/$s/info" "$dest/$u/$s.info"
  done
  all=$(grep '^all' "$d/kill.txt")
  read -r _ n k1 r1 k2 r2 <<<"$all"
  only1=$(sed -n 's/^unique kills: \([0-9]*\) only by.*/\1/p' "$d/kill.txt")
  only2=$(sed -n 's/^ *\([0-9]*\) only by .*random-path.*/\1/p' "$d/kill.txt")
  t1=$(sed -n 's/^ *.*\/combined: \([0-9]*\) tests/\1/p' "$d/kill.txt")
  t2=$(sed -n 's/^ *.*\/random-path: \([0-9]*\) tests/\1/p' "$d/kill.txt")
  echo "| $u | $n | $k1 ($r1) | $k2 ($r2) | $only1 | $only2 | $t1 / $t2 |"
done
