#!/bin/bash
# Used for benchmarks/results/solver-bound/session19: TREE is a worktree of the commit named in each file.
# [EXTRA="--hibernate-above 0"] run-180s.sh TREE TAG SECS UTIL...: one run per UTIL with KLEE's OSDI'08 arguments and a query log; one JSON line each
# (unknown: Z3 answers "unknown" in the log; maxZ3ms: the slowest Z3 query).
T=$1; TAG=$2; S=$3; shift 3
for U in "$@"; do
dir=/tmp/sb-$TAG-$U-$S; rm -rf $dir
(cd $T && SYMPATH_QUERY_LOG=$dir.qlog /usr/bin/time -f '%U %S %M' -o $dir.time node bin/sympath.mjs run --output-dir $dir --max-time $S $EXTRA --posix-runtime --only-output-states-covering-new benchmarks/coreutils/build/ir/$U.bc --sym-args 0 1 10 --sym-args 0 2 2 --sym-files 1 8 --sym-stdin 8 --sym-stdout > $dir.log 2>&1)
node -e '
const [dir, tag, u] = process.argv.slice(1);
const s = require(dir + "/stats.json");
const [user, sys, maxKB] = require("fs").readFileSync(dir + ".time", "utf8").trim().split(/\s+/).map(Number);
const wall = s.time?.wallSeconds ?? s.wallSeconds ?? s.elapsedSeconds;
console.log(JSON.stringify({ util: u, tag, extra: process.env.EXTRA || "", wall, cpu: +(user + sys).toFixed(1), solverSeconds: s.solver.seconds, share: wall ? +(s.solver.seconds / wall).toFixed(3) : null, queries: s.solver.queries, z3Queries: s.solver.z3Queries, unknown: +process.argv[4], maxZ3ms: +process.argv[5], completed: s.paths.completed, partial: s.paths.partial, lines: s.coverage.linesCovered, rssMB: Math.round(maxKB / 1024), instr: s.instructions, halt: s.haltReason }));' $dir $TAG $U $(grep -c 'unknown in' $dir.qlog) $(grep -oE '(sat|unsat|unknown) in [0-9.]+ ms' $dir.qlog | awk '{print $3}' | sort -n | tail -1)
done
