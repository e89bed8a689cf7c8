#!/usr/bin/env bash
# The PESO experiment's mutant studies (issue 17, the paper's Table V and §5.3), on the small
# subjects (--libc none: augment and debug-regression compile the bare engine's programs only):
#   1. `sympath mutate SUBJECT --max MAX --seed 1` (benchmarks/peso/build/mutants/NAME/mutants);
#   2. the original tests: `sympath run --libc none --driver peso SUBJECT` (one test per partition);
#   3. `sympath kill` of those tests over the mutants (native replay): NAME/kill.json;
#   4. per mutant, `sympath augment --base SUBJECT MUTANT` (no --tests: augment's own tests, each
#      replayed natively on both versions): NAME/MUTANT.augment.json;
#   5. per mutant the original tests kill, with its first killing test T (passes on the original,
#      fails or changes on the mutant): `sympath debug-regression --base SUBJECT MUTANT --test T --json`,
#      with relevant-slice conditions and with --path-conditions: NAME/MUTANT.debug-{rsc,pc}.json.
# Every run under GNU time (CPU seconds: user+system of the process and its children, start-up
# included). One result file per run under benchmarks/results/peso/mutants/NAME/, skipped when present.
#   nice -n 10 benchmarks/peso/mutants.sh [-j JOBS] [-m MAX] [NAME...]
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
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(peso-fig1 darwin tokens machine date)
SYMPATH=(node "$ROOT/bin/sympath.mjs")
timed() { # OUT.json CPUFILE CMD...: run CMD under GNU time, its stdout to a file
  local cpu="$1"; shift
  /usr/bin/time -f '%U %S' -o "$cpu" "$@"
}
cpu_of() { awk 'END { printf "%.2f", $1 + $2 }' "$1"; }

for name in "${names[@]}"; do
  src="$ROOT/${FILE[$name]:?no subject $name}"
  work="$ROOT/benchmarks/peso/build/mutants/$name"
  res="$ROOT/benchmarks/results/peso/mutants/$name"
  mkdir -p "$work" "$res"
  if [ ! -f "$work/mutants/mutants.json" ]; then
    rm -rf "$work/mutants"
    "${SYMPATH[@]}" mutate "$src" --out "$work/mutants" --max "$MAX" --seed 1 -j "$JOBS" >/dev/null
  fi
  if [ ! -f "$work/orig/run.json" ]; then
    rm -rf "$work/orig"
    timed "$work/orig.cpu" "${SYMPATH[@]}" run --libc none --driver peso --output-dir "$work/orig" "$src" >/dev/null 2>&1 || true
  fi
  if [ ! -f "$res/kill.json" ]; then
    "${SYMPATH[@]}" kill "$work/orig" --mutants "$work/mutants" -j "$JOBS" >/dev/null
    node -e '
      const k = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const cpu = require("fs").readFileSync(process.argv[2], "utf8").trim().split(/\s+/).map(Number);
      process.stdout.write(JSON.stringify({ subject: process.argv[3], originalTests: k.tests.length, originalRunCpuSeconds: cpu[0] + cpu[1], total: k.total, unstable: k.unstable, mutants: k.mutants }, null, 1) + "\n");
    ' "$work/orig/kill.json" "$work/orig.cpu" "$name" >"$res/kill.json"
  fi
  # The per-mutant runs, JOBS at a time.
  node -e '
    const k = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const m of k.mutants) {
      if (m.status === "equivalent" || m.status === "buildFailed") continue;
      const t = (m.killedBy ?? [])[0];
      console.log([m.id, t ? t.test : "-"].join("\t"));
    }
  ' "$res/kill.json" | while IFS=$'\t' read -r id test; do
    jobs_now() { jobs -rp | wc -l; }
    if [ ! -f "$res/$id.augment.json" ]; then
      while [ "$(jobs_now)" -ge "$JOBS" ]; do wait -n || true; done
      (
        d="$work/aug-$id"; rm -rf "$d"
        rc=0; timed "$d.cpu" "${SYMPATH[@]}" augment --base "$src" "$work/mutants#$id" --output-dir "$d" >"$d.log" 2>&1 || rc=$?
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
        rc=0; timed "$o.cpu" "${SYMPATH[@]}" debug-regression --base "$src" "$work/mutants#$id" --test "$work/orig/$test" --json "${flag[@]}" >"$o.json" 2>"$o.err" || rc=$?
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
