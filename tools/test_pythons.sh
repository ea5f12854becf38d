#!/usr/bin/env bash
# `make test-pythons`: the test suite on every other Python 3.11+ this machine has (gm declares
# `requires-python = ">=3.11"`; `make test` runs it on .venv's Python only). It looks in pyenv's
# versions and for python3.X on PATH, takes one Python per minor version, skips .venv's own,
# and gives each an environment of its own, .venv-pythons/3.X (gm installed editable, with its
# development tools), made once and reinstalled when pyproject.toml changes. Not part of
# `make test` or .ci/run: a run of the suite per Python costs minutes. Ends 1 if any run failed.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
jobs=${JOBS:-2}
own=$(.venv/bin/python -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true)

# Every Python 3.11+ found, as "3.X path" lines: pyenv's first, newest first, then PATH's.
candidates() {
    local root=${PYENV_ROOT:-$HOME/.pyenv} found
    if command -v pyenv >/dev/null 2>&1; then root=$(pyenv root); fi
    for found in $(ls -d "$root"/versions/3.* 2>/dev/null | sort -rV); do
        [ -x "$found/bin/python" ] && echo "$found/bin/python"
    done
    for minor in $(seq 30 -1 11); do
        found=$(command -v "python3.$minor" 2>/dev/null) && echo "$found"
    done
}

declare -A seen=()
pythons=()
while read -r python; do
    version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2]
        if sys.version_info >= (3, 11) and sys.implementation.name == "cpython" else "")' \
        2>/dev/null) || continue
    [ -n "$version" ] && [ "$version" != "$own" ] && [ -z "${seen[$version]:-}" ] || continue
    seen[$version]=1
    pythons+=("$version $python")
done < <(candidates)

if [ ${#pythons[@]} -eq 0 ]; then
    echo "test-pythons: no Python 3.11+ other than .venv's (${own:-none}) found in pyenv's versions" \
         "or as python3.X on PATH: nothing to run"
    exit 0
fi
echo "test-pythons: .venv runs Python ${own:-?} (make test); running the suite on:"
for entry in "${pythons[@]}"; do echo "  Python ${entry%% *}: ${entry#* }"; done

results=()
failed=0
for entry in "${pythons[@]}"; do
    version=${entry%% *} python=${entry#* }
    venv=.venv-pythons/$version
    if [ ! -f "$venv/.installed" ] || [ pyproject.toml -nt "$venv/.installed" ]; then
        echo "test-pythons: installing gm into $venv"
        { test -x "$venv/bin/python" || "$python" -m venv "$venv"; } &&
            "$venv/bin/python" -m pip install --quiet -e '.[dev]' && touch "$venv/.installed" ||
            { results+=("Python $version: could not install gm into $venv"); failed=1; continue; }
    fi
    echo "test-pythons: Python $version ($python)"
    log=$(mktemp "${TMPDIR:-/tmp}/gm-test-pythons.XXXXXX")
    "$venv/bin/python" -m pytest -n "$jobs" --dist loadfile -p no:cacheprovider 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    counts=$(grep -E '[0-9]+ (passed|failed|errors?)\b.* in [0-9.]+s' "$log" | tail -n 1 | tr -d '=')
    results+=("Python $version: ${counts:-no summary} (pytest exit $status)")
    rm -f "$log"
    [ "$status" -eq 0 ] || failed=1
done

echo "test-pythons: summary"
printf '  %s\n' "${results[@]}"
exit $failed
