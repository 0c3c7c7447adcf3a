#!/usr/bin/env bash
# The newest Neovim Debian packages: the one in Debian testing (0.12.4 in forky when this was
# written), unpacked with the libraries it needs into a private root. Nothing on the system
# changes: no apt source is added, dpkg's database is not touched. The binary runs through
# testing's own dynamic loader; language servers it starts keep the system's libraries.
#
# Ours, not the shared harness's (that one stops at trixie's 0.10). Users of Neovim 0.11 and
# later get deprecation notices, and removals, that 0.7 and 0.10 never show: .ci/run runs
# test/nvim with this one too.
#
# usage: setup-nvim-testing.sh DIR   prints the path of an `nvim` to use as AGENTLS_NVIM
set -euo pipefail
dir=${1:?usage: setup-nvim-testing.sh DIR}
suite=${AGENTLS_NVIM_SUITE:-testing}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd -P)
wrapper="$dir/bin/nvim"
if [ -x "$wrapper" ] && "$wrapper" --version >/dev/null 2>&1; then
  "$wrapper" --version | head -1 >&2
  echo "$wrapper"
  exit 0
fi

state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/debs"
echo "deb http://deb.debian.org/debian $suite main" >"$state/sources.list"
apt_options=(-o Dir::Etc::SourceList="$state/sources.list" -o Dir::Etc::SourceParts=/nonexistent
  -o Dir::State::Lists="$state/lists" -o Dir::Cache="$state/cache" -o APT::Sandbox::User=root)
apt-get "${apt_options[@]}" update >&2

# neovim and everything it needs at run time, as that suite has them: the list follows the
# suite (a new tree-sitter or luv soname) instead of being written down here.
mapfile -t packages < <(apt-cache "${apt_options[@]}" depends --recurse --no-recommends --no-suggests \
  --no-conflicts --no-breaks --no-replaces --no-enhances neovim | grep -v '^[ <]' | sort -u)
(cd "$state/debs" && apt-get "${apt_options[@]}" download "${packages[@]}" >&2)
rm -rf "$dir/root"
mkdir -p "$dir/root" "$dir/bin"
for deb in "$state"/debs/*.deb; do dpkg -x "$deb" "$dir/root"; done
# nvim finds its tree-sitter parsers (Markdown's ftplugin starts one since 0.11) in
# ../lib/nvim beside the program it was started as. Started through the loader, that program
# is the loader in usr/lib/x86_64-linux-gnu, so the folder it looks in is usr/lib/lib/nvim.
mkdir -p "$dir/root/usr/lib/lib"
ln -s ../nvim "$dir/root/usr/lib/lib/nvim"

# The paths are written in: the folder is made for one checkout and not moved.
lib="$dir/root/usr/lib/x86_64-linux-gnu"
cat >"$wrapper" <<WRAP
#!/bin/sh
# Debian $suite's nvim through its own loader and libraries (written by setup-nvim-testing.sh)
export VIMRUNTIME="$dir/root/usr/share/nvim/runtime" LUA_CPATH="$lib/lua/5.1/?.so;;"
exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib" "$dir/root/usr/bin/nvim" "\$@"
WRAP
chmod +x "$wrapper"
"$wrapper" --version | head -1 >&2
echo "$wrapper"
