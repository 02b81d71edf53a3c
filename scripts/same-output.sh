#!/usr/bin/env bash
# same-output.sh BASE [HEAD]: build hexforge at two commits (HEAD defaults to
# the work tree) and compare the output of a fixed set of same-seed runs byte
# for byte. A refactoring that changes no behaviour (issue 23) must print
# "same" on every line. Exit status 1 when any output differs.
#
# Small game counts keep it to a few minutes on 2 cores; every run is
# deterministic for its seed, so any difference is a change of behaviour.
set -euo pipefail
root=$(git rev-parse --show-toplevel)
base=${1:?usage: same-output.sh BASE [HEAD]}
head=${2:-}
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/base-src" >/dev/null 2>&1 || true; [ -z "$head" ] || git -C "$root" worktree remove --force "$work/head-src" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

build() { # build REV DIR -> binary at DIR/hexforge, run from its source tree
  local rev=$1 dir=$2
  git -C "$root" worktree add --detach "$dir" "$rev" >/dev/null 2>&1
  (cd "$dir" && go build -o hexforge ./cmd/hexforge)
}
build "$base" "$work/base-src"
if [ -n "$head" ]; then
  build "$head" "$work/head-src"
else
  mkdir -p "$work/head-src"
  (cd "$root" && go build -o "$work/head-src/hexforge" ./cmd/hexforge)
  # the head runs from the work tree itself, for its testdata
  ln -s "$root" "$work/head-tree"
fi

# name | arguments (run from the source tree, so testdata paths resolve)
cases=(
  "rr-greedy|sim --all --games 40 --players greedy --format json --seed 1"
  "rr-greedy-table|sim --all --games 10 --players greedy --seed 1"
  "rr-greedy-md|sim moloch borgo hegemony --games 10 --players greedy --format markdown --seed 1"
  "rr-greedy-csv|sim moloch borgo hegemony --games 10 --players greedy --format csv --seed 1"
  "rr-greedy-html|sim moloch borgo hegemony --games 10 --players greedy --format html --seed 1"
  "race8|sim moloch borgo --games 20 --players race:8 --format json --seed 1"
  "race8-table|sim moloch borgo --games 10 --players race:8 --seed 2"
  "mcts|sim vegas borgo --games 4 --players mcts:32 --format json --seed 3"
  "plan-search|sim smart outpost --games 4 --players plan:4,search:16 --format json --seed 3"
  "ffa3|sim --mode ffa moloch borgo hegemony --games 12 --players greedy --format json --seed 1"
  "ffa4|sim --mode ffa moloch borgo hegemony outpost --games 24 --players greedy --format json --seed 1"
  "ffa4-table|sim --mode ffa moloch borgo hegemony outpost --games 24 --players greedy --seed 1"
  "ffa3-race|sim --mode ffa moloch borgo hegemony --games 6 --format json --seed 2"
  "points3|sim --mode points moloch borgo hegemony --games 12 --players greedy --format json --seed 1"
  "points4|sim --mode points moloch borgo hegemony outpost --games 24 --players greedy --format json --seed 1"
  "teams4|sim --mode teams moloch borgo hegemony outpost --games 16 --players greedy --format json --seed 1"
  "teams4-md|sim --mode teams --teams moloch+hegemony,borgo+outpost moloch borgo hegemony outpost --games 16 --players greedy --format markdown --seed 1"
  "onevsteam3|sim --mode one-vs-team moloch borgo hegemony --games 12 --players greedy --format json --seed 1"
  "onevsteam3-csv|sim --mode one-vs-team moloch borgo hegemony --games 12 --players greedy --format csv --seed 1"
  "mcts-ffa3|sim --mode ffa moloch borgo hegemony --games 3 --players mcts:16 --format json --seed 4"
  "mcts-teams4|sim --mode teams moloch borgo hegemony outpost --games 4 --players mcts:16 --format json --seed 4"
  "search-ffa4|sim --mode ffa moloch borgo hegemony outpost --games 4 --players search:8 --format json --seed 4"
  "plan-teams4|sim --mode teams moloch borgo hegemony outpost --games 4 --players plan:2 --format json --seed 4"
  "race-points3|sim --mode points moloch borgo hegemony --games 3 --format json --seed 4"
  "ffa3-html|sim --mode ffa moloch borgo hegemony --games 6 --players greedy --format html --seed 1"
  "duel|sim --board duel smart vegas --games 20 --players greedy --format json --seed 1"
  "duel-race|sim --board duel smart vegas --games 6 --format json --seed 1"
  "structures|sim --structures cmd/hexforge/testdata/fortress.army moloch --games 20 --players greedy --format json --seed 1"
  "structures-race|sim --structures cmd/hexforge/testdata/fortress.army moloch --games 4 --format json --seed 1"
  "structures-ffa|sim --mode ffa --structures cmd/hexforge/testdata/fortress.army moloch borgo --games 6 --players greedy --format json --seed 1"
  "leaders|sim --leaders Medyk,Taktyk moloch borgo --games 20 --players greedy --format json --seed 1"
  "leaders-teams|sim --mode teams --leaders Dywersant moloch borgo hegemony outpost --games 8 --players greedy --format json --seed 1"
  "reinforce-alt|sim --reinforcements --start alternative beasts steelpolice --games 20 --players greedy --format json --seed 1"
  "set|sim moloch borgo --set 'moloch/Gauss Cannon.initiative=3' --games 20 --players greedy --format json --seed 1"
  "fairband|sim beasts borgo --fair-band 45-55 --games 60 --players greedy --format json --seed 1"
  "importance|importance moloch --vs borgo --games 6 --players greedy --format json --seed 1"
  "importance-table|importance moloch --vs borgo --games 6 --players greedy --seed 1"
  "sweep|sweep 'moloch/Gauss Cannon.initiative=1..3' --vs borgo --games 10 --players greedy --format json --seed 1"
  "sweep-html|sweep 'moloch/Gauss Cannon.initiative=1..3' --vs borgo --games 10 --players greedy --format html --seed 1"
  "ladder|ladder vegas borgo --games 4 --levels random,greedy,race:8 --format json --seed 1"
  "ladder-table|ladder vegas borgo --games 4 --levels random,greedy --seed 1"
  "play|play moloch borgo --seed 7 --players greedy"
  "play-duel|play smart vegas --board duel --seed 3 --players greedy"
  "battle|battle cmd/hexforge/testdata/teams.pos"
  "card|card moloch --format json"
)
shard_case() { # the merge of two shards of a round robin and of a ffa run
  local bin=$1 dir=$2 out=$3
  (cd "$dir" && for i in 0 1; do
     "$bin" sim moloch borgo hegemony --games 10 --players greedy --format json --seed 1 --shard $i/2 --out "$out.rr$i.json"
     "$bin" sim --mode ffa moloch borgo hegemony --games 12 --players greedy --format json --seed 1 --shard $i/2 --out "$out.ffa$i.json"
   done
   "$bin" merge "$out.rr0.json" "$out.rr1.json" --format json
   "$bin" merge "$out.ffa0.json" "$out.ffa1.json" --format json)
}

trace_case() { # a traced two-player and four-player game, printed and replayed
  local bin=$1 dir=$2 out
  out=$(basename "$3")
  (cd "$(dirname "$3")" && "$bin" play moloch borgo --seed 7 --players greedy --trace "$out.jsonl" >/dev/null
   cat "$out.jsonl"; "$bin" replay "$out.jsonl"
   "$bin" sim --mode ffa moloch borgo hegemony outpost --games 4 --players greedy --seed 1 --record 1 --record-dir "$out.dir" >/dev/null
   cat "$out.dir"/*.jsonl; "$bin" replay "$out.dir"/game-0001.jsonl; "$bin" replay "$out.dir"/game-0001.jsonl --format html)
}

run_all() { # run_all BIN DIR OUTDIR
  local bin=$1 dir=$2 out=$3
  mkdir -p "$out"
  for c in "${cases[@]}"; do
    local name=${c%%|*} args=${c#*|}
    (cd "$dir" && eval "\"$bin\" $args" >"$out/$name" 2>"$out/$name.err" || echo "exit $?" >>"$out/$name")
  done
  shard_case "$bin" "$dir" "$out/shard" >"$out/merge" 2>"$out/merge.err" || echo "exit $?" >>"$out/merge"
  trace_case "$bin" "$dir" "$out/game" >"$out/trace" 2>"$out/trace.err" || echo "exit $?" >>"$out/trace"
}
headdir=$work/head-src
[ -n "$head" ] || headdir=$root
run_all "$work/base-src/hexforge" "$work/base-src" "$work/out-base" &
run_all "$work/head-src/hexforge" "$headdir" "$work/out-head"
wait
status=0
for c in "${cases[@]}" "merge|" "trace|"; do
  name=${c%%|*}
  if cmp -s "$work/out-base/$name" "$work/out-head/$name"; then
    printf '%-18s same (%s bytes)\n' "$name" "$(wc -c <"$work/out-base/$name")"
  else
    printf '%-18s DIFFERENT\n' "$name"; status=1
    diff <(head -c 2000 "$work/out-base/$name") <(head -c 2000 "$work/out-head/$name") | head -10 || true
  fi
done
exit $status
