#!/usr/bin/env bash
# A/B guard for hot paths (issue 27, item 5): measures BASE and HEAD in one run, alternating.
#
#   bash bench/ab.sh BASE [sections...]      e.g. bash bench/ab.sh a5ac32b label analyze
#
# BASE is any commit. It is built in a worktree and target directory of its own
# (.nls/ab/<commit>, git-ignored, reused by later runs), HEAD in this tree's target/; both as
# release builds. Then bench/run.sh runs the chosen sections (default: label analyze creates
# pgbench) NLS_AB_ROUNDS times (default 3), BASE then HEAD each round, every run on a fresh
# database and server. Each run's output is kept in .nls/ab/runs/; at the end every figure
# is printed per round with the median of each build and the HEAD/BASE ratio of the medians.
# NLS_BENCH_SECONDS sets each run's length as for bench/run.sh (default here 10).
# NLS_AB_BASE_BIN=<path> uses an `nls` binary already built from BASE instead of building it
# (e.g. the release build of this tree copied aside before the change: one build of the
# workspace instead of two, on a machine where a release build takes many minutes).
# NLS_AB_HEAD_BIN=<path> likewise measures a HEAD binary built elsewhere (another build
# profile of the same tree, say) instead of building this tree; the load generator then
# comes from NLS_LOAD_BIN or this tree's target/.
#
# A change on a hot path records this table in BENCHMARKS.md; a slowdown over 5 % carries a
# line saying why it is worth it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [ $# -lt 1 ]; then
  echo "usage: bash bench/ab.sh BASE [sections...]  (sections of bench/run.sh)" >&2
  exit 2
fi
BASE_REV="$1"
shift
SECTIONS=("$@")
if [ ${#SECTIONS[@]} -eq 0 ]; then SECTIONS=(label analyze creates pgbench); fi
ROUNDS="${NLS_AB_ROUNDS:-3}"
export NLS_BENCH_SECONDS="${NLS_BENCH_SECONDS:-10}"

base_sha="$(git rev-parse --verify "$BASE_REV^{commit}")" || {
  echo "error: $BASE_REV is not a commit" >&2
  exit 2
}
head_sha="$(git rev-parse HEAD)"
AB="$ROOT/.nls/ab"
WORKTREE="$AB/$base_sha"
RUNS="$AB/runs/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$AB" "$RUNS"

# BASE: its own worktree (detached at the commit) and target directory, so neither build
# invalidates the other's incremental state.
if [ -n "${NLS_AB_BASE_BIN:-}" ]; then
  BASE_BIN="$NLS_AB_BASE_BIN"
  echo "ab: BASE ${base_sha:0:10} is $BASE_BIN (NLS_AB_BASE_BIN, not built here)" >&2
else
  if [ ! -d "$WORKTREE/.git" ] && [ ! -f "$WORKTREE/.git" ]; then
    git worktree add --detach "$WORKTREE" "$base_sha" >&2
  fi
  # Seeded from this tree's release build when it has none: the registry crates' builds are
  # reused wherever BASE's lock file names the same versions (minutes instead of a cold build).
  if [ ! -d "$WORKTREE/target/release" ] && [ -d "$ROOT/target/release" ]; then
    mkdir -p "$WORKTREE/target"
    cp -a "$ROOT/target/release" "$WORKTREE/target/release"
  fi
  echo "ab: building BASE ${base_sha:0:10} in $WORKTREE" >&2
  (cd "$WORKTREE" && CARGO_TARGET_DIR="$WORKTREE/target" cargo build --release -q --bin nls)
  BASE_BIN="$WORKTREE/target/release/nls"
fi
if [ -n "${NLS_AB_HEAD_BIN:-}" ]; then
  echo "ab: HEAD is $NLS_AB_HEAD_BIN (NLS_AB_HEAD_BIN, not built here)" >&2
  cp "$NLS_AB_HEAD_BIN" "$RUNS/nls-head"
  load="${NLS_LOAD_BIN:-$ROOT/target/release/examples/load}"
  [ -x "$load" ] || cargo build --release -q --example load
  cp "$load" "$RUNS/load"
else
  echo "ab: building HEAD ${head_sha:0:10}$(git diff --quiet || echo ' (with uncommitted changes)')" >&2
  cargo build --release -q --bin nls --example load
  # Copies, so that editing or building the tree while the rounds run measures nothing else.
  cp "$ROOT/target/release/nls" "$RUNS/nls-head"
  cp "$ROOT/target/release/examples/load" "$RUNS/load"
fi
HEAD_BIN="$RUNS/nls-head"
export NLS_LOAD_BIN="$RUNS/load"

for round in $(seq "$ROUNDS"); do
  for side in BASE HEAD; do
    bin="$BASE_BIN"
    [ "$side" = HEAD ] && bin="$HEAD_BIN"
    out="$RUNS/$round-$side.txt"
    echo "ab: round $round/$ROUNDS, $side: bash bench/run.sh ${SECTIONS[*]}" >&2
    NLS_BIN="$bin" bash bench/run.sh "${SECTIONS[@]}" >"$out" 2>&1 || {
      echo "error: bench/run.sh failed for $side in round $round (see $out)" >&2
      tail -n 20 "$out" >&2
      exit 1
    }
  done
done

# Every figure of every run, by name, then medians and the HEAD/BASE ratio.
python3 - "$RUNS" "$ROUNDS" "${base_sha:0:10}" "${head_sha:0:10}" <<'PY'
import re, statistics, sys
runs, rounds, base, head = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]

def figures(path):
    out, section, seen = {}, "", {}
    patterns = [
        (r"Requests/sec:\s+([\d.]+)", "req/s"),
        (r"\(([\d.]+) writes/s\)", "writes/s"),
        (r"write-to-NATS lag ms .*p99 ([\d.]+)", "write->NATS p99 ms"),
        (r"write latency ms: p50 [\d.]+ p99 ([\d.]+)", "write p99 ms"),
        (r"tps = ([\d.]+)", "pgbench tps"),
        (r"-- the file: (\d+) bytes", "file bytes"),
        (r"chromium: (\d+) ms", "chromium ms"),
    ]
    label = ""
    for line in open(path, encoding="utf-8", errors="replace"):
        if line.startswith("== "):
            section = line[3:].split(",")[0].strip()
            label = ""
            continue
        if line.startswith("-- "):
            label = line[3:].split("(")[0].strip()
        for pattern, unit in patterns:
            m = re.search(pattern, line)
            if m:
                key = f"{section} | {label + ' | ' if label and unit == 'req/s' else ''}{unit}"
                n = seen.get(key, 0)
                seen[key] = n + 1
                if n:
                    key += f" #{n + 1}"
                out[key] = float(m.group(1))
    return out

data = {(r, s): figures(f"{runs}/{r}-{s}.txt") for r in range(1, rounds + 1) for s in ("BASE", "HEAD")}
keys = []
for d in data.values():
    for k in d:
        if k not in keys:
            keys.append(k)
print(f"A/B: BASE {base} vs HEAD {head}, {rounds} rounds alternating (outputs in {runs})")
print(f"| figure | " + " | ".join(f"BASE r{r} | HEAD r{r}" for r in range(1, rounds + 1)) + " | BASE median | HEAD median | HEAD/BASE |")
print("|---" * (2 * rounds + 4) + "|")
for k in keys:
    cells, b, h = [], [], []
    for r in range(1, rounds + 1):
        for s, acc in (("BASE", b), ("HEAD", h)):
            v = data[(r, s)].get(k)
            cells.append("" if v is None else f"{v:g}")
            if v is not None:
                acc.append(v)
    mb = statistics.median(b) if b else None
    mh = statistics.median(h) if h else None
    ratio = f"{mh / mb:.2f}x" if mb and mh is not None else ""
    print(f"| {k} | " + " | ".join(cells) + f" | {'' if mb is None else f'{mb:g}'} | {'' if mh is None else f'{mh:g}'} | {ratio} |")
PY
