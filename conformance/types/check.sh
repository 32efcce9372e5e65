#!/bin/sh
# Type-checks every provider target's fixture outputs against the providers'
# published SDK types (see README.md). Exit status non-zero on any type error,
# or when the self-test shows the check could not fail.
#
#   sh conformance/types/check.sh [--fixtures DIR] [--no-self-test]
set -eu
cd "$(dirname "$0")"

FIXTURES=../fixtures
SELF_TEST=1
while [ $# -gt 0 ]; do
  case "$1" in
    --fixtures) FIXTURES=$2; shift 2 ;;
    --no-self-test) SELF_TEST=0; shift ;;
    *) echo "check.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

# Install the pinned SDKs when missing or older than the lock file. Optional
# dependencies (the Copilot SDK's platform binaries) and install scripts are
# not needed for type definitions.
#
# `npm ci` refuses a lock file that does not list every optional platform
# package of @github/copilot-sdk; the registry this project reaches holds only
# the linux-x64 ones, so the committed lock cannot list the others. Then
# `npm install` with the same lock installs the same locked versions (it
# leaves the lock unchanged when it is in sync with package.json).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  FLAGS="--include=dev --omit=optional --ignore-scripts --no-audit --no-fund"
  if ! npm ci $FLAGS --loglevel=error > generated-npm-ci.log 2>&1; then
    echo "check.sh: npm ci refused the lock file ($(grep -m1 'Missing:' generated-npm-ci.log || tail -n1 generated-npm-ci.log)); installing from it with npm install" >&2
    npm install $FLAGS --loglevel=error
  fi
  rm -f generated-npm-ci.log
fi

TSC=node_modules/.bin/tsc
mkdir -p generated
rm -f generated/*.ts generated/*.json generated/*.log

if [ "$SELF_TEST" = 1 ]; then
  node generate.mjs --fixtures "$FIXTURES" --self-test
else
  node generate.mjs --fixtures "$FIXTURES"
fi

# 1. The fixture outputs must compile.
if ! "$TSC" --noEmit -p . --pretty false > generated/checks.log 2>&1; then
  node generate.mjs --explain generated/checks.log >&2
  echo "types: FAILED: fixture outputs rejected by the provider types (see above)" >&2
  exit 1
fi

# 2. The self-test must fail to compile, in every deliberate error, and only there.
if [ "$SELF_TEST" = 1 ]; then
  if "$TSC" --noEmit -p tsconfig.selftest.json --pretty false > generated/selftest.log 2>&1; then
    echo "types: FAILED: the self-test compiled, so the check cannot fail" >&2
    exit 1
  fi
  node generate.mjs --verify-self-test generated/selftest.log
fi

node -e '
const s = JSON.parse(require("fs").readFileSync("generated/stats.json", "utf8"));
const per = Object.entries(s.perTarget).map(([t, n]) => t + " " + n).join(", ");
console.log("types: " + s.outputs + " outputs checked against provider types" +
  (s.attachmentLists ? " (+" + s.attachmentLists + " attachment lists)" : "") + (per ? ": " + per : ""));'
