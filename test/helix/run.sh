#!/usr/bin/env bash
# Runs the eight Helix scenarios (scenarios/*.json) against the built server (out/bundle), in
# Helix 25.01.1 (Debian 13's hx, unpacked by the copied harness's setup-helix.sh), prints one
# line per scenario and exits 1 if any failed. .ci/run calls it after `npm test` has built.
# usage: test/helix/run.sh [--no-setup] [SCENARIO_NAME...]   (default: all eight)
#   --no-setup  use the hx already unpacked in $HELIX_HOME (no apt-get, no download)
# Each scenario may take 90 s (passing ones take 3-9 s; 120 s if the driver hangs) and none
# starts after 300 s, so a run where every step times out still ends within about 7 minutes.
# HELIX_HOME (default .cache/helix) holds hx; each run's summary and helix.log (all JSON-RPC
# traffic) are kept in .cache/helix-runs/<name>/ for a failure's post-mortem.
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
cd "$repo"
harness=$repo/test/helix/harness/helix
setup=1
if [ "${1:-}" = --no-setup ]; then setup=0; shift; fi
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(rules prompt plus-in-name rename prompt-fix hashline astedit home)
bundle=$repo/out/bundle/agentls.js
[ -f "$bundle" ] || { echo "error: $bundle missing (npm run build)" >&2; exit 2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
export HELIX_HOME=${HELIX_HOME:-$repo/.cache/helix}
if [ "$setup" = 1 ]; then
  # The driver types through tmux; trixie-extract.sh needs apt-get and dpkg (both on Debian).
  if ! command -v tmux >/dev/null 2>&1; then
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux
  fi
  "$harness/setup-helix.sh" "$HELIX_HOME" >/dev/null || { echo "error: setup-helix.sh failed" >&2; exit 2; }
fi
hx=$HELIX_HOME/bin/hx
[ -x "$hx" ] || { echo "error: no hx in $HELIX_HOME (run without --no-setup)" >&2; exit 2; }

runs=$repo/.cache/helix-runs
rm -rf "$runs"
mkdir -p "$runs"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
server="node $bundle --stdio"

# Prints the workspace a scenario runs on (the harness copies it before Helix starts).
workspace() {
  case "$1" in
    rules|prompt|plus-in-name) echo "$repo/fixtures/vscode-basic" ;;
    rename|prompt-fix|hashline|astedit) echo "$repo/fixtures/demo" ;;
    # agentls does not index the home directory: the demo is a project (with .git) under it.
    home)
      mkdir -p "$scratch/home"
      cp -r "$repo/fixtures/demo" "$scratch/home/proj"
      mkdir -p "$scratch/home/proj/.git"
      echo "$scratch/home" ;;
    *) return 1 ;;
  esac
}

failed=0
results=()
start=$SECONDS
for name in "${names[@]}"; do
  scenario=$repo/test/helix/scenarios/$name.json
  ws=$(workspace "$name") && [ -f "$scenario" ] || { echo "error: unknown scenario $name" >&2; exit 64; }
  cmd=$server
  # The harness expands $HARNESS_WORKSPACE (its copy of the workspace) when Helix starts the
  # server, so the server's home is that copy, as home.json's description asks.
  [ "$name" = home ] && cmd="env HOME=\"\$HARNESS_WORKSPACE\" $server"
  t0=$SECONDS
  if [ $((t0 - start)) -ge 300 ]; then
    results+=("$(printf '%-14s %-16s' "$name" "FAIL (not run: over 300 s)")"); failed=1; continue
  fi
  mkdir -p "$runs/$name"
  echo "--- helix $name"
  # The harness's own deadline is 90 s; timeout(1) bounds a driver that hangs past it.
  (cd "$ws" && timeout -k 10 120 "$harness/run.sh" --hx "$hx" -q --timeout 90 --artifacts "$runs/$name" \
    --out "$runs/$name/summary.json" "$cmd" . "$scenario" >/dev/null)
  rc=$?
  if [ "$rc" = 0 ]; then verdict=pass; else verdict="FAIL (exit $rc)"; failed=1; fi
  results+=("$(printf '%-14s %-16s %3ss' "$name" "$verdict" $((SECONDS - t0)))")
  if [ "$rc" != 0 ] && [ -f "$runs/$name/summary.json" ]; then
    # The failed steps and checks, so that CI's log says what went wrong.
    node -e '
      const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      if (s.error) console.log("  error: " + s.error);
      for (const st of s.steps || []) if (!st.ok && !st.skipped)
        console.log("  step " + st.index + " " + st.type + " \"" + (st.name || "") + "\": " +
          JSON.stringify((st.checks || []).filter((c) => !c.ok)).slice(0, 600));
    ' "$runs/$name/summary.json"
  fi
done
echo "Helix 25.01 scenarios ($((SECONDS - start)) s; summaries and logs in .cache/helix-runs):"
printf '  %s\n' "${results[@]}"
exit "$failed"
