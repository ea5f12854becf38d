#!/usr/bin/env bash
# The wheel smoke test, run by `make test` (`make smoke` alone): build gm's wheel from a clean
# copy of this tree, install it (not editable) into a fresh virtual environment, and run the
# installed `gm` from an empty temporary folder, as someone who ran `pip install .` would.
# Every step checks a real outcome; the last line is `smoke: N passed, N failed`.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/gm-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset GM_MAPS GM_DB GM_SHARED_DATC PYTHONPATH
export GM_CACHE="$work/cache"
# gm's default store is the user's own (XDG_DATA_HOME/gm/gm.db): here, inside the scratch folder
export XDG_DATA_HOME="$work/data" HOME="$work/home"
mkdir "$work/home"

echo "smoke: building the wheel and installing it into a fresh environment"
mkdir "$work/src"
tar -C "$repo" --exclude=./.git --exclude=./.venv --exclude=./.venv-bench --exclude=./.venv-pythons \
    --exclude=./build \
    --exclude='*.egg-info' --exclude=__pycache__ --exclude='*.db' --exclude=./.hypothesis \
    --exclude=./.pytest_cache --exclude=./.ruff_cache -cf - . | tar -C "$work/src" -xf -
"$python" -m pip wheel --quiet --no-deps --wheel-dir "$work/dist" "$work/src" >"$work/build.log" 2>&1 ||
    { cat "$work/build.log"; echo "smoke: the wheel could not be built"; exit 1; }
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet "$work/dist"/gm-*.whl >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; echo "smoke: the wheel could not be installed"; exit 1; }

mkdir "$work/play"
cd "$work/play"
gm="$work/venv/bin/gm"
passed=0
failed=0

# check WHAT EXPECTED COMMAND...: the command must exit 0 and print EXPECTED (a fixed string)
check() {
    local what=$1 expected=$2
    shift 2
    local out
    if out=$("$@" 2>&1) && grep -qF -- "$expected" <<<"$out"; then
        passed=$((passed + 1))
        echo "  ok    $what"
    else
        failed=$((failed + 1))
        echo "  FAIL  $what: \`${*#"$work/venv/bin/"}\` should print \"$expected\"; it printed:"
        sed 's/^/        /' <<<"$out"
    fi
}

cat >letter.txt <<'LETTER'
Dear GM, my orders for Spring 1901:
FRANCE
A Par - Bur
A Mar S A Par - Bur
F Bre - Mid
LETTER

check "gm comes from the wheel, not the checkout" "$work/venv/" \
    "$work/venv/bin/python" -c "import gm, gm._data; print(gm.__file__, gm._data.data_folder('maps'))"
version=$("$work/venv/bin/python" -c "from importlib.metadata import version; print(version('gm'))")
check "gm --version names the installed version" "gm $version" "$gm" --version
check "gm variants lists the shipped maps" "standard  Standard: 7 powers, 34 supply centres" \
    "$gm" variants
check "gm new starts a game" "Started smoke (Standard) at Spring 1901" "$gm" new smoke
check "gm players names France's player" "played by Ann" \
    "$gm" players smoke France Ann --contact ann@example.org
check "gm mail setup" "mail from gm@example.org" "$gm" mail setup smoke --from gm@example.org
check "gm games names the user's own store, kept outside the working folder" \
    "Store: $work/data/gm/gm.db (your own store)" "$gm" games
check "gm orders reads a letter" "Stored: 3 accepted, 2 ignored." "$gm" orders smoke letter.txt
check "gm adjudicate resolves the season" "Next: Autumn 1901" "$gm" adjudicate smoke
check "gm replay --check rebuilds the demo game" "no differences" \
    "$gm" replay "$repo/games/standard-demo.txt" --check --quiet
check "gm draw draws the standard board on the shipped coastline" \
    "class=\"land coastline\"" "$gm" draw smoke -o -
check "gm draw writes PNG with no system library (resvg)" "Drew smoke" "$gm" draw smoke -o board.png
check "the PNG is a PNG" "PNG signature" "$work/venv/bin/python" -c \
    "print('PNG signature' if open('board.png', 'rb').read(8) == b'\\x89PNG\\r\\n\\x1a\\n' else 'no PNG')"
check "gm mail results writes the report with the board" "1 message(s) in outbox" \
    "$gm" mail results smoke
check "the results carry the board as PNG" "image/png" grep -h "Content-Type: image/png" outbox/*.eml
check "gm publish writes the site" "Wrote 3 files of smoke" "$gm" publish smoke site

echo "smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
