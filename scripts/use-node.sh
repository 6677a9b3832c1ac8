# Puts the pinned Node 24 (the default) or 26 first on PATH in your shell, fetched once from the npm
# registry into .tools/ and checked (scripts/supported-node.sh has the versions, packages and checksums). npm start and npm test
# need no such step: they switch by themselves on an unsupported Node. This is for running a chosen major,
# as .ci/run does for its second pass on 26.
#
# Usage, from the project folder:  . scripts/use-node.sh [24|26]
PORTAL_NODE_MAJOR="${1:-24}"
if . scripts/supported-node.sh; then
  unset PORTAL_NODE_MAJOR
  echo "Using Node $(node --version) from .tools/"
else
  unset PORTAL_NODE_MAJOR
  false
fi
