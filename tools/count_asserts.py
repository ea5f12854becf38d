"""How many checks each test makes, read from the source: `assert` statements and
`pytest.raises`/`pytest.fail` calls, in the test function itself and, separately, in every
other function of the tests (helpers and fixtures). A change meant to make the suite faster
must not lower any of these numbers.

    python tools/count_asserts.py > before.json
    ... change the tests ...
    python tools/count_asserts.py --against before.json    # lists every test that lost a check
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _checks(node: ast.AST) -> int:
    count = 0
    for n in ast.walk(node):
        if isinstance(n, ast.Assert):
            count += 1
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) \
                and n.func.attr in ("raises", "fail") \
                and getattr(n.func.value, "id", "") == "pytest":
            count += 1
    return count


def counts(root: Path = ROOT / "tests") -> dict[str, int]:
    """{"tests/x.py::test_y": checks, "tests/x.py (helpers)": checks outside tests}."""
    out: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        name = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        in_tests = 0
        scopes = [(tree.body, "")]
        while scopes:
            body, prefix = scopes.pop()
            for node in body:
                if isinstance(node, ast.ClassDef):
                    scopes.append((node.body, f"{prefix}{node.name}::"))
                elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                        and node.name.startswith("test"):
                    out[f"{name}::{prefix}{node.name}"] = _checks(node)
                    in_tests += out[f"{name}::{prefix}{node.name}"]
        helpers = _checks(tree) - in_tests
        if helpers:
            out[f"{name} (helpers)"] = helpers
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, help="an earlier output to compare with")
    args = parser.parse_args(argv)
    now = counts()
    if args.against is None:
        json.dump(now, sys.stdout, indent=0, sort_keys=True)
        print()
        return 0
    before = json.loads(args.against.read_text(encoding="utf-8"))
    lost = {k: (v, now.get(k, 0)) for k, v in before.items() if now.get(k, 0) < v}
    tests = [k for k in now if "::" in k]
    print(f"tests: {len([k for k in before if '::' in k])} -> {len(tests)}; checks in tests: "
          f"{sum(v for k, v in before.items() if '::' in k)} -> "
          f"{sum(now[k] for k in tests)}; in helpers: "
          f"{sum(v for k, v in before.items() if '::' not in k)} -> "
          f"{sum(v for k, v in now.items() if '::' not in k)}")
    for key, (was, is_) in sorted(lost.items()):
        print(f"fewer: {key}: {was} -> {is_}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
