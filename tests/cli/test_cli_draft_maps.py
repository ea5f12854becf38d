"""A map whose rules are not built yet is listed as a draft and cannot start a game."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_draft_map_is_listed_and_refused(gm, tmp_path, monkeypatch):
    text = (ROOT / "maps" / "standard.toml").read_text(encoding="utf-8")
    text = text.replace('id = "standard"', 'id = "unfinished"', 1)
    text = text.replace("[map]\n", '[map]\ndraft = "the loan rules are still to be built"\n', 1)
    (tmp_path / "unfinished.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("GM_MAPS", str(tmp_path))
    monkeypatch.setenv("GM_CACHE", str(tmp_path / "cache"))

    listed = gm("variants", db=False)
    assert "unfinished" in listed.output
    assert "draft, not playable yet: the loan rules are still to be built" in listed.output

    refused = gm("new", "g1", "--variant", "unfinished", ok=False)
    assert "is a draft and cannot be played yet: the loan rules" in refused.output
    assert not gm.db.exists()
