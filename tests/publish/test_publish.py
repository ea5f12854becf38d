"""`gm publish GAME DIR`: a static site with an index (standings, centre chart, seasons) and
a page per season (report and inline board), a print stylesheet, nothing fetched from
elsewhere; and one season page rendered in headless Chromium, whose screenshot must show the
map and the report."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile

import pytest

from tests.cli.conftest import Gm
from tests.report.conftest import GAMES

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("publish")
    gm = Gm(folder / "gm.db")
    gm("replay", str(GAMES / "standard-adjustments.txt"), "-q")
    out = gm("publish", "adjustments", str(folder / "site")).output
    assert "Wrote 5 files of adjustments" in out
    return folder / "site"


def test_the_index_has_the_standings_the_chart_and_every_season(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "<h2>Standings</h2>" in index and "<td>Austria</td>" in index
    assert "<h2>Supply centres at the end of each year</h2>" in index
    assert "<th class=\"num\">Start</th>" in index and "<th class=\"num\">1901</th>" in index
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', index)
    assert links == [("S1901M.html", "Spring 1901"), ("A1901M.html", "Autumn 1901"),
                     ("W1901A.html", "Winter 1901")]
    for file, _ in links:
        assert (site / file).is_file()


def test_a_season_page_has_its_report_and_its_board_inline(site):
    page = (site / "A1901M.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<svg" in page and "<?xml" not in page
    assert "<h2>Movement results for Autumn 1901.</h2>" in page
    assert "Ownership of supply centres" in page
    assert '<a href="S1901M.html">' in page and '<a href="W1901A.html">' in page
    winter = (site / "W1901A.html").read_text(encoding="utf-8")
    assert "Austria: 8 supply centres, 3 units: builds 5." in winter


def test_nothing_is_fetched_from_elsewhere(site):
    for path in site.iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", text), path.name
        assert "@import" not in text and not re.search(r"url\(\s*['\"]?(https?:|//)", text)
        assert "<script" not in text


def test_the_print_stylesheet_makes_each_season_a_page(site):
    css = (site / "style.css").read_text(encoding="utf-8")
    assert "@media print" in css and "break-after: page" in css and "@page" in css


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("CHROMIUM IS NOT INSTALLED, SO THE PUBLISHED PAGE WAS NOT CHECKED IN A "
                    "BROWSER: `make test` installs Debian's chromium when run as root with "
                    "apt-get; install it (apt-get install chromium) and run again.")
    return found


def _run_chromium(*args: str) -> None:
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([_chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                               *args], capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]


def _hex(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def test_a_season_page_in_a_real_browser_shows_the_map_and_the_report(site, tmp_path):
    from PIL import Image

    from gm.draw import style
    from gm.maps import load_map

    shot = tmp_path / "season.png"
    _run_chromium("--window-size=1200,2200", f"--screenshot={shot}",
                  (site / "A1901M.html").as_uri())
    image = Image.open(shot).convert("RGB")
    width, height = image.size
    pixels = image.load()

    def rows_with(colour, tolerance=6):
        want = _hex(colour)
        found = set()
        for y in range(0, height, 2):
            for x in range(0, width, 3):
                if all(abs(a - b) <= tolerance for a, b in zip(pixels[x, y], want, strict=True)):
                    found.add(y)
                    break
        return found

    sea = rows_with(style.SEA)
    assert len(sea) > 150, "the board's sea is not on the screenshot"
    map_bottom = max(sea)
    assert map_bottom < height * 0.75, "the board fills the page: no room for the report"
    # the report below the board: each power's orders are marked with its map colour,
    # and there is text (ink) in the rows below the board
    austria = load_map("standard").powers["austria"].colour
    assert any(y > map_bottom for y in rows_with(austria, 10)), "no report below the map"
    ink = [y for y in range(map_bottom + 10, height, 2)
           if any(sum(pixels[x, y]) < 150 for x in range(0, width // 2, 2))]
    assert len(ink) > 60, "the report's text is not on the screenshot"


def test_a_season_prints_on_one_page(site, tmp_path):
    pdf = tmp_path / "season.pdf"
    _run_chromium("--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                  (site / "A1901M.html").as_uri())
    pages = re.findall(rb"/Type\s*/Page\b(?!s)", pdf.read_bytes())
    assert len(pages) == 1, f"a season printed on {len(pages)} pages"


def test_publish_refuses_a_file_or_an_unknown_game_and_writes_nothing(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("replay", str(GAMES / "standard-orders.txt"), "-q")
    blocker = tmp_path / "taken"
    blocker.write_text("not a folder")
    refused = gm("publish", "orders", str(blocker), ok=False)
    assert "is a file; give a folder" in refused.output
    unknown = gm("publish", "nowhere", str(tmp_path / "site"), ok=False)
    assert "no game called 'nowhere'" in unknown.output
    assert not (tmp_path / "site").exists()


# --- what the public sees: the lines of letters, and the judges' marks ------------------------

CHATTY_LETTERS = [
    # (power given, replace, letter): a Rise of Rome II Spring as players mail it
    (None, False, "Dear GM,\n\nRome:\nA Rom - Etu\nA Umb - Etu\nA Cam - Xyz\nThanks,\nR.\n"),
    (None, False, "Sorry GM - try again:\n\nRome:\nA Rom - Etu\nA Umb - Etu\n"
                  "Place Scipio in Rome\nF Cam - Tys\n\nR.\n\n"
                  "On Monday 3 March, the GM wrote:\n> Order confirmation: rr\n"
                  "> A Rom - Etu\n> Rejected:\n>   A Cam - Xyz\n"),
    (None, False, "Hi there, hope you're well!\nCarthage:\nA Nca S A Sag\nA Tha - Atlantis\n"
                  "F Car H\nCheers\n"),
    (None, False, "Egypt:\nA Ale - Nowhere\nF Cyp H\n"),
    ("Egypt", True, "Egypt:\nF Cyp H\nA Mem H\nP.S. ignore my last letter\n"),
]
CHATTER = ["Dear GM", "Thanks", "Sorry GM", "try again", "Order confirmation", "the GM wrote",
           "Hi there", "hope you", "Cheers", "ignore my last letter", "> A Rom", "R.<",
           "A Cam - Xyz", "A Ale - Nowhere"]


@pytest.fixture(scope="module")
def chatty_site(tmp_path_factory):
    """A Rise of Rome II Spring whose letters carry greetings, remarks, sign-offs, quoted mail,
    a letter sent again and a letter replaced (`--replace`), published."""
    folder = tmp_path_factory.mktemp("chatty")
    gm = Gm(folder / "gm.db")
    gm("new", "rr", "--variant", "rise-of-rome-ii")
    for power, replace, letter in CHATTY_LETTERS:
        gm("orders", "rr", *(["--power", power] if power else []),
           *(["--replace"] if replace else []), input=letter)
    (folder / "rome-confirmation.txt").write_text(gm("confirm", "rr", "-P", "Rome").output,
                                                  encoding="utf-8")
    gm("adjudicate", "rr")
    gm("publish", "rr", str(folder / "site"))
    return gm, folder


def test_the_site_prints_only_the_lines_meant_as_orders_and_refused(chatty_site):
    gm, folder = chatty_site
    pages = {p.name: p.read_text(encoding="utf-8") for p in (folder / "site").glob("*.html")}
    season = pages["S220M.html"]
    assert "A Tha - Atlantis" in season  # refused, with its reason
    assert "Lines not adjudicated" in season
    for page, text in pages.items():
        for words in CHATTER:
            assert words not in text, f"{page} shows {words!r}"
    # the GM may choose every line, or none; the confirmation keeps them all, privately
    private = (folder / "rome-confirmation.txt").read_text(encoding="utf-8")
    for words in ("Dear GM,  (greeting)", "Sorry GM - try again:", "> A Rom - Etu",
                  "A Cam - Xyz\n    'A Cam - Xyz': unknown province"):
        assert words in private, words
    every = gm("report", "rr", "--lines", "all").output
    assert "Sorry GM - try again:" in every and "> A Rom - Etu" in every
    assert "Lines not adjudicated" not in gm("report", "rr", "--lines", "none").output
    assert gm("report", "rr", "--set-lines", "none").output.strip() == \
        "rr: reports print no letter lines."
    gm("publish", "rr", str(folder / "quiet"))
    assert "Lines not adjudicated" not in (folder / "quiet" / "S220M.html").read_text()
    gm("report", "rr", "--set-lines", "refused")


def test_the_supply_table_counts_a_leader_apart(chatty_site):
    _, folder = chatty_site
    season = (folder / "site" / "S220M.html").read_text(encoding="utf-8")
    assert re.search(r"<td[^>]*>Carthage</td><td[^>]*>3</td><td[^>]*>3 \+ Hannibal</td>",
                     season), season
    assert re.search(r"<td[^>]*>3 \+ Publius Scipio</td>", season)


def _visible_text(dom: str) -> str:
    """What the page shows as text: the DOM Chromium built, without its style, picture and
    tags, its character references decoded."""
    import html

    body = re.sub(r"(?s)<(style|svg|script)\b.*?</\1>", " ", dom)
    body = re.sub(r"</?(span|em|a|strong)\b[^>]*>", "", body)  # inline: no space of their own
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def test_a_season_page_in_a_real_browser_shows_the_judges_marks_as_styling(chatty_site,
                                                                          tmp_path):
    _, folder = chatty_site
    page = folder / "site" / "S220M.html"
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run([_chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                               "--dump-dom", page.as_uri()],
                              capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert '<span class="result failed">(<em>bounce</em>)</span>' in dom
    assert "(<em>placed</em>" in dom and "(<em>void</em>: " in dom
    shown = _visible_text(dom)
    assert "A Rom - Etu (bounce)" in shown
    assert "*" not in shown, re.findall(r".{30}\*.{30}", shown)


def test_the_games_choice_of_lines_is_kept_by_export_and_replay(tmp_path):
    gm = Gm(tmp_path / "gm.db")
    gm("new", "g")
    assert gm("report", "g", "--set-lines", "all").output.strip() == (
        "g: reports print every letter line not adjudicated but headings and lines with "
        "addresses.")
    archive = tmp_path / "g.txt"
    gm("export", "g", str(archive))
    assert "Report lines: all" in archive.read_text(encoding="utf-8")
    gm("replay", str(archive), "--as", "copy")
    gm("orders", "copy", input="France:\nA Par - Bur\nI hold everything else\n")
    gm("adjudicate", "copy")
    assert "I hold everything else" in gm("report", "copy").output
