"""What the package declares matches what the repository holds."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_licence_file_is_the_licence_pyproject_declares():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    assert "LICENSE" in project["license-files"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Permission is hereby granted" in text



def test_no_file_keeps_a_merge_conflict_marker():
    """A merge resolved in haste can leave its markers in a document or a map; none ships."""
    kept = []
    for folder in ("gm", "grammars", "maps", "games", "docs", "tools", "tests"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in {".py", ".md", ".toml", ".txt", ".lark", ".json", ".css"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8",
                                                         errors="replace").splitlines(), 1):
                if line.startswith(("<<<<<<< ", ">>>>>>> ")):
                    kept.append(f"{path.relative_to(ROOT)}:{number}")
    for name in ("README.md", "Makefile", "pyproject.toml", "setup.py"):
        lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
        kept += [f"{name}:{n}" for n, line in enumerate(lines, 1)
                 if line.startswith(("<<<<<<< ", ">>>>>>> "))]
    assert not kept, kept
