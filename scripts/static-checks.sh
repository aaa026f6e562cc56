#!/usr/bin/env bash
# The type check, ESLint and Prettier side by side: each runs on one core, and run one after
# the other they took over two minutes of `make test` on a two-core machine. Each one's output
# is shown whole, after it ends; the script fails when any of them does.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

declare -A commands=(
  [typecheck]="npx tsc -b"
  [eslint]="npx eslint . --max-warnings 0"
  [prettier]="npx prettier --check ."
)
declare -A pids
for check in typecheck eslint prettier; do
  ${commands[$check]} >"$out/$check" 2>&1 &
  pids[$check]=$!
done

status=0
for check in typecheck eslint prettier; do
  if wait "${pids[$check]}"; then
    echo "✓ $check"
  else
    status=1
    echo "✗ $check (${commands[$check]}):"
    cat "$out/$check"
  fi
done
exit "$status"
