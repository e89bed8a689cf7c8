#!/usr/bin/env bash
# benchmarks/memory/compare.sh BASE_TREE SECONDS UTIL...: runs `sympath run` from BASE_TREE (a copy of
# main: git archive + node_modules + build) and from this tree, alternating, on each Coreutils UTIL with
# KLEE's OSDI'08 arguments for SECONDS, and prints one JSON line per run: peak RSS (stats.json
# memory.peakRssMB and GNU time's maximum resident set), CPU seconds (user + system), instructions,
# completed paths, peak states. Both trees read benchmarks/coreutils/build/ir/UTIL.bc of their own.
# BUDGET="--max-instructions N" adds an instruction budget (SECONDS then only a ceiling): both trees then
# explore (nearly) the same states whatever the machine's load, so their peak RSS compares directly.
# BUDGET="--max-memory 1000" (any run options go there) measures the memory limit's policies side by side.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
NEW="$(cd "$HERE/../.." && pwd)"
BASE="$1"; SECS="$2"; shift 2
OUT="${OUT:-/tmp/memory-compare}"
mkdir -p "$OUT"
for u in "$@"; do
  for which in base new; do
    tree="$BASE"; [[ $which == new ]] && tree="$NEW"
    dir="$OUT/$u-$which-$SECS"; rm -rf "$dir"
    (cd "$tree" && nice /usr/bin/time -f '%U %S %M' -o "$dir.time" node bin/sympath.mjs run --output-dir "$dir" --max-time "$SECS" ${BUDGET:-} \
      --posix-runtime --only-output-states-covering-new "benchmarks/coreutils/build/ir/$u.bc" \
      --sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout >"$dir.log" 2>&1) || true
    node -e '
      const [dir, which, u, secs] = process.argv.slice(1);
      const s = require(dir + "/stats.json");
      const [user, sys, maxKB] = require("fs").readFileSync(dir + ".time", "utf8").trim().split(/\s+/).map(Number);
      console.log(JSON.stringify({ util: u, tree: which, maxTime: +secs, budget: process.env.BUDGET ?? "", peakRssMB: s.memory?.peakRssMB, timeMaxRssMB: Math.round(maxKB / 1024),
        cpuSeconds: +(user + sys).toFixed(1), instructions: s.instructions, completedPaths: s.paths.completed, peakStates: s.states.peak,
        linesCovered: s.coverage.linesCovered, partialPaths: s.paths.partial, haltReason: s.haltReason, hibernation: s.hibernation }));' "$dir" "$which" "$u" "$SECS"
  done
done
