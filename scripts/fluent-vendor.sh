#!/usr/bin/env bash
# The page's one library: @fluent/bundle, Project Fluent's JavaScript
# implementation (Apache-2.0, no dependencies), which renders the page's
# texts from crates/songo-gui/assets/i18n/*.ftl in the person's language
# with the right plurals and number formats (docs/gui.md, "Languages").
# Its ES modules are kept, unchanged, in crates/songo-gui/assets/fluent/,
# so that `songo gui` embeds them and the static site serves them: the
# page needs no bundler, no network and nothing installed. Their type
# declarations (`*.d.ts`, also the package's) sit beside them for the
# page's type check (crates/songo-gui/jsconfig.json); they are not served.
#
#   scripts/fluent-vendor.sh          # fetch the pinned version into assets/fluent/
#   scripts/fluent-vendor.sh --check  # the kept files are the registry's, byte for byte
#
# Both fetch the package with `npm pack` from the npm registry and check
# its integrity against the one pinned here (a different tarball stops
# the script). A new version: change VERSION and INTEGRITY (`npm view
# @fluent/bundle@X dist.integrity`), run the script, run the browser tests.
set -euo pipefail

VERSION=0.19.1
INTEGRITY=sha512-SWJLZrPamDPsJlFFOW1nkgN0j0rbPbmSdmK0XAoXlyqKieLtMVl4vzng3aR5pwKoUx0scug8+YY2oct3fdfy9A==

root=$(cd "$(dirname "$0")/.." && pwd)
dest="$root/crates/songo-gui/assets/fluent"
check=false
case "${1:-}" in
    --check) check=true ;;
    "") ;;
    *) echo "usage: scripts/fluent-vendor.sh [--check]" >&2; exit 2 ;;
esac
if ! command -v npm >/dev/null; then
    echo "fluent-vendor: npm is missing; install it with: apt-get install npm" >&2
    exit 3
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack "@fluent/bundle@$VERSION" --json --silent >pack.json
got=$(sed -n 's/^ *"integrity": "\(.*\)",\{0,1\}$/\1/p' pack.json | head -n 1)
if [ "$got" != "$INTEGRITY" ]; then
    echo "fluent-vendor: @fluent/bundle@$VERSION has integrity $got, not the pinned $INTEGRITY" >&2
    exit 1
fi
tar xzf "fluent-bundle-$VERSION.tgz"
mkdir -p fresh
cp package/esm/*.js package/esm/*.d.ts fresh/
cat >fresh/NOTICE <<NOTICE
@fluent/bundle $VERSION, the ES modules of its npm package, unchanged.
Project Fluent, https://projectfluent.org, by Mozilla and contributors.
Licensed under the Apache License, Version 2.0:
https://www.apache.org/licenses/LICENSE-2.0
Kept here by scripts/fluent-vendor.sh (integrity $INTEGRITY).
NOTICE

if $check; then
    if ! diff -r fresh "$dest" >diff.txt; then
        cat diff.txt >&2
        echo "fluent-vendor: $dest differs from @fluent/bundle@$VERSION; run scripts/fluent-vendor.sh" >&2
        exit 1
    fi
    echo "fluent-vendor: $dest is @fluent/bundle@$VERSION"
else
    rm -rf "$dest"
    cp -r fresh "$dest"
    echo "fluent-vendor: @fluent/bundle@$VERSION in $dest"
fi
