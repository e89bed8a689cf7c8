#!/usr/bin/env bash
# The PESO experiment's mutant studies (issue 17, the paper's Table V and §5.3), on the small
# subjects (--libc none) and on Coreutils utilities (cu-UTIL: --libc musl --posix-runtime, small
# symbolic inputs, output stdout and exit status):
#   1. `sympath mutate SUBJECT --max MAX --seed 1` (benchmarks/peso/build/mutants/NAME/mutants); for
#      Coreutils the DiSE experiment's recipe (benchmarks/dise/subjects.ts: src/UTIL.c with obj-ir's
#      include directories, --max 10 --seed 1: the same mutant sets), and each version's whole-program
#      bitcode by benchmarks/dise/util-ir.sh (NAME/bc/orig/UTIL.bc, NAME/bc/mNNNN/UTIL.bc);
#   2. the original tests: `sympath run --driver peso SUBJECT ARGS` (one test per partition);
#   3. `sympath kill` of those tests over the mutants (native replay; Coreutils versions built by
#      benchmarks/coreutils/mutant-build.sh through --binary-build): NAME/kill.json;
#   4. per mutant, `sympath augment --base SUBJECT MUTANT` (no --tests: augment's own tests, each
#      replayed natively on both versions): NAME/MUTANT.augment.json;
#   5. per mutant the original tests kill, with its first killing test T (passes on the original,
#      fails or changes on the mutant): `sympath debug-regression --base SUBJECT MUTANT --test T --json`,
#      with relevant-slice conditions and with --path-conditions: NAME/MUTANT.debug-{rsc,pc}.json.
# Every run under GNU time (CPU seconds: user+system of the process and its children, start-up
# included). One result file per run under benchmarks/results/peso/mutants/NAME/, skipped when present
# (the study resumes where it stopped). Coreutils augment explorations are capped at 120 s each
# (--max-time; augment.json says when one stopped early), and each Coreutils augment is killed after
# AUG_LIMIT seconds of wall time (default 420; `timeout`): a mutant that loops forever (fold m0003,
# `continue` deleted) leaves a 120-s trace whose slicing does not end. Such a mutant is recorded with
# augment null ("augment failed"). The same limit applies to debug-regression (its concolic run of a
# looping mutant does not end: recorded with debug null, "failed").
#   nice -n 10 benchmarks/peso/mutants.sh [-j JOBS] [-m MAX] [NAME...]     (NAME: small ones, cu-UTIL)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
JOBS=1
MAX=15
while getopts "j:m:" opt; do
  case "$opt" in
    j) JOBS="$OPTARG" ;;
    m) MAX="$OPTARG" ;;
    *) echo "usage: $0 [-j JOBS] [-m MAX] [NAME...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
declare -A FILE=(
  [peso-fig1]=test/fixtures/concolic/peso_fig1.c
  [darwin]=test/fixtures/peso/darwin_old.c
  [tokens]=benchmarks/pse/programs/tokens.c
  [machine]=benchmarks/pse/programs/machine.c
  [date]=benchmarks/pse/programs/date.c
)
# Coreutils: the utility's symbolic inputs (small: a run of PESO takes seconds to half a minute). fold,
# wc and paste take Table IV's inputs (coreutils.sh: fixed options, symbolic stdin): with a symbolic
# option as well fold and wc have 702 and 769 partitions, and paste 396 (head's 386 took 90 s per
# augment), too many for the time this study had.
declare -A CU_ARGS=(
  [echo]='--sym-args 0 2 2'
  [basename]='--sym-args 0 2 2'
  [dirname]='--sym-args 0 2 2'
  [printf]='--sym-args 1 1 2'
  [head]='--sym-args 0 1 2 --sym-stdin 2'
  [paste]='-s --sym-stdin 2'
  [fold]='-w2 --sym-stdin 3'
  [wc]='--sym-stdin 2'
)
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(peso-fig1 darwin tokens machine date)
SYMPATH=(node "$ROOT/bin/sympath.mjs")
CU_S="$ROOT/build/src/coreutils-9.1"
CU_O="$ROOT/benchmarks/coreutils/build/obj-ir"
CU_INCLUDES=(-I "$CU_O" -I "$CU_S" -I "$CU_O/lib" -I "$CU_S/lib" -I "$CU_O/src" -I "$CU_S/src" -I "$ROOT/build/musl/include")
timed() { # OUT.json CPUFILE CMD...: run CMD under GNU time, its stdout to a file
  local cpu="$1"; shift
  /usr/bin/time -f '%U %S' -o "$cpu" "$@"
}
cpu_of() { awk 'END { printf "%.2f", $1 + $2 }' "$1"; }

for name in "${names[@]}"; do
  work="$ROOT/benchmarks/peso/build/mutants/$name"
  res="$ROOT/benchmarks/results/peso/mutants/$name"
  mkdir -p "$work" "$res"
  if [[ "$name" == cu-* ]]; then
    util="${name#cu-}"
    src="$CU_S/src/$util.c"
    read -r -a pargs <<<"${CU_ARGS[$util]:?no inputs for $util}"
    mutate_flags=("${CU_INCLUDES[@]}"); mmax=10
    vflags=(--libc musl --posix-runtime)
    aflags=(--binary-build "$ROOT/benchmarks/coreutils/mutant-build.sh" --max-time 120)
    limit=(timeout -k 10 "${AUG_LIMIT:-420}")
    kflags=(--binary-build "$ROOT/benchmarks/coreutils/mutant-build.sh")
    base="$work/bc/orig/$util.bc"
    version() { echo "$work/bc/$1/$util.bc"; }
  else
    src="$ROOT/${FILE[$name]:?no subject $name}"
    util=""; pargs=(); mutate_flags=(); mmax="$MAX"
    vflags=(); aflags=(); kflags=(); limit=()
    base="$src"
    version() { echo "$work/mutants#$1"; }
  fi
  if [ ! -f "$work/mutants/mutants.json" ]; then
    rm -rf "$work/mutants"
    "${SYMPATH[@]}" mutate "$src" --out "$work/mutants" --max "$mmax" --seed 1 -j "$JOBS" "${mutate_flags[@]}" >/dev/null
  fi
  if [ -n "$util" ]; then # whole-program bitcode of the original and of every mutant (DiSE's util-ir.sh)
    bcs=(orig); while read -r id; do bcs+=("$id"); done < <(node -e '
      for (const m of JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).mutants) if (!m.equivalent) console.log(m.id);' "$work/mutants/mutants.json")
    for id in "${bcs[@]}"; do
      out="$work/bc/$id/$util.bc"
      [ -f "$out" ] && continue
      mkdir -p "$(dirname "$out")"
      if [ "$id" = orig ]; then f="$src"; else f="$work/mutants/$id/$util.c"; fi
      bash "$ROOT/benchmarks/dise/util-ir.sh" "$f" "$out" || echo "$name $id: util-ir failed" >&2
    done
  fi
  if [ ! -f "$work/orig/run.json" ]; then
    rm -rf "$work/orig"
    if [ -n "$util" ]; then
      timed "$work/orig.cpu" "${SYMPATH[@]}" run --driver peso --posix-runtime --max-time 300 --output-dir "$work/orig" "$base" "${pargs[@]}" >/dev/null 2>&1 || true
    else
      timed "$work/orig.cpu" "${SYMPATH[@]}" run --libc none --driver peso --output-dir "$work/orig" "$src" >/dev/null 2>&1 || true
    fi
  fi
  if [ ! -f "$res/kill.json" ]; then
    "${SYMPATH[@]}" kill "$work/orig" --mutants "$work/mutants" -j "$JOBS" "${kflags[@]}" >/dev/null
    node -e '
      const k = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const cpu = require("fs").readFileSync(process.argv[2], "utf8").trim().split(/\s+/).map(Number);
      process.stdout.write(JSON.stringify({ subject: process.argv[3], source: require("path").basename(k.source), programArgs: process.argv.slice(4), originalTests: k.tests.length, originalRunCpuSeconds: cpu[0] + cpu[1], total: k.total, unstable: k.unstable, mutants: k.mutants }, null, 1) + "\n");
    ' "$work/orig/kill.json" "$work/orig.cpu" "$name" "${pargs[@]}" >"$res/kill.json"
  fi
  # The per-mutant runs, JOBS at a time.
  node -e '
    const k = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const m of k.mutants) {
      if (m.status === "equivalent" || m.status === "buildFailed" || m.status === "build-failed") continue;
      const t = (m.killedBy ?? [])[0];
      console.log([m.id, t ? t.test : "-"].join("\t"));
    }
  ' "$res/kill.json" | while IFS=$'\t' read -r id test; do
    jobs_now() { jobs -rp | wc -l; }
    if [ ! -f "$res/$id.augment.json" ]; then
      while [ "$(jobs_now)" -ge "$JOBS" ]; do wait -n || true; done
      (
        d="$work/aug-$id"; rm -rf "$d"
        rc=0; timed "$d.cpu" "${limit[@]}" "${SYMPATH[@]}" augment --base "$base" "${vflags[@]}" "${aflags[@]}" --output-dir "$d" "$(version "$id")" "${pargs[@]}" >"$d.log" 2>&1 || rc=$?
        node -e '
          const fs = require("fs"); const [f, cpu, rc, id] = process.argv.slice(1);
          const a = fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null;
          const c = fs.readFileSync(cpu, "utf8").trim().split(/\s+/).map(Number);
          process.stdout.write(JSON.stringify({ mutant: id, exitCode: Number(rc), cpuSeconds: +(c[0] + c[1]).toFixed(2), augment: a }) + "\n");
        ' "$d/augment.json" "$d.cpu" "$rc" "$id" >"$res/$id.augment.json"
        echo "$name $id augment: $(head -c 160 "$res/$id.augment.json")"
      ) &
    fi
    [ "$test" = - ] && continue
    for kind in rsc pc; do
      [ -f "$res/$id.debug-$kind.json" ] && continue
      while [ "$(jobs_now)" -ge "$JOBS" ]; do wait -n || true; done
      (
        flag=(); [ "$kind" = pc ] && flag=(--path-conditions)
        o="$work/debug-$id-$kind"
        rc=0; timed "$o.cpu" "${limit[@]}" "${SYMPATH[@]}" debug-regression --base "$base" "${vflags[@]}" --test "$work/orig/$test" --json "${flag[@]}" "$(version "$id")" >"$o.json" 2>"$o.err" || rc=$?
        node -e '
          const fs = require("fs"); const [f, err, cpu, rc, id, test] = process.argv.slice(1);
          let r = null; try { r = JSON.parse(fs.readFileSync(f, "utf8")); } catch {}
          const c = fs.readFileSync(cpu, "utf8").trim().split(/\s+/).map(Number);
          process.stdout.write(JSON.stringify({ mutant: id, test, exitCode: Number(rc), cpuSeconds: +(c[0] + c[1]).toFixed(2), error: r ? null : fs.readFileSync(err, "utf8").slice(-400), debug: r }) + "\n");
        ' "$o.json" "$o.err" "$o.cpu" "$rc" "$id" "$test" >"$res/$id.debug-$kind.json"
        echo "$name $id debug-$kind: $(head -c 160 "$res/$id.debug-$kind.json")"
      ) &
    done
  done
  wait
done
