#!/usr/bin/env bash
# The PESO experiment (Table IV shape): every subject under PESO and under exhaustive path exploration
# computing the same partitions, each run under GNU time (CPU seconds of node and the Z3 child, tsx
# start-up included). Writes benchmarks/results/peso/results.jsonl; report.mjs turns it into the table of benchmarks/results/peso/README.md.
#   nice -n 10 benchmarks/peso/harness.sh [SUBJECT...]
set -euo pipefail
cd "$(dirname "$0")/../.."
subjects=("$@")
[ ${#subjects[@]} -eq 0 ] && subjects=(peso-fig1 diamonds-3 independent-4x4 args tokens machine)
out=benchmarks/results/peso/results.jsonl
: > "$out"
for s in "${subjects[@]}"; do
  for m in reorder paths; do
    line=$( { /usr/bin/time -f 'CPU %U %S' npx tsx benchmarks/peso/run-one.ts "$s" "$m" 2>&1 >&3 | grep '^CPU' >&2; } 3>&1 2> >(cat > /tmp/peso-cpu.$$) ) || true
    sleep 0.2
    cpu=$(awk '{print $2 + $3}' /tmp/peso-cpu.$$)
    echo "${line%\}},\"cpuSeconds\":${cpu}}" >> "$out"
    tail -1 "$out"
  done
done
rm -f /tmp/peso-cpu.$$
