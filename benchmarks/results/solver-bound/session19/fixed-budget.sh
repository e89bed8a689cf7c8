#!/bin/bash
# Used for benchmarks/results/solver-bound/session19: fixed-budget A/B of solver work (deterministic exploration:
# --batch-time 0, --hibernate-above 0, an instruction budget), trees alternating, one process at a time.
# fixed-budget.sh INSTRUCTIONS ROUNDS UTIL TREE:TAG... -> one JSON line per run
N=$1; ROUNDS=$2; U=$3; shift 3
for r in $(seq 1 $ROUNDS); do
for tt in "$@"; do
T=${tt%%:*}; TAG=${tt#*:}
dir=/tmp/fb-$TAG-$U-$N-$r; rm -rf $dir
(cd $T && /usr/bin/time -f '%U %S %M' -o $dir.time node bin/sympath.mjs run --output-dir $dir --max-instructions $N --batch-time 0 --hibernate-above 0 --posix-runtime --only-output-states-covering-new benchmarks/coreutils/build/ir/$U.bc --sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout > $dir.log 2>&1)
node -e '
const [dir, tag, u, r] = process.argv.slice(1);
const s = require(dir + "/stats.json");
const [user, sys, maxKB] = require("fs").readFileSync(dir + ".time", "utf8").trim().split(/\s+/).map(Number);
console.log(JSON.stringify({ util: u, tag, round: +r, wall: s.wallSeconds, nodeCpu: +(user + sys).toFixed(1), solverSeconds: s.solver.seconds, queries: s.solver.queries, z3Queries: s.solver.z3Queries, completed: s.paths.completed, lines: s.coverage.linesCovered, instr: s.instructions }));' $dir $TAG $U $r
done
done
