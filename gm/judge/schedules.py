"""`gm schedule`: how the judge runs a game. Each setting changes only when given; the first
call puts the game under the judge from the phase in progress on (what came before was the
GM's: its results are not mailed again).

The schedule's words are read when given, so a mistake is refused at once, with examples,
and never found by cron at three in the morning.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from gm.deadline_time import read_zone
from gm.game.games import GameView, open_game
from gm.game.workflow_errors import WorkflowError
from gm.judge.schedule_words import ScheduleError, read_span, read_timing, span_words
from gm.store import game_rows as rows
from gm.store import judge_rows
from gm.store.database import Store
from gm.store.deadline_rows import game_zone
from gm.store.judge_rows import APPROVE, CIVIL_DISORDER, HOLD, IGNORE, PUBLISH, JudgeSettings

KINDS = ("movement", "retreat", "adjustment")
NMR_POLICIES = (HOLD, CIVIL_DISORDER)
PRESS_POLICIES = (APPROVE, PUBLISH, IGNORE)


@dataclass(frozen=True, slots=True)
class ScheduleChange:
    """What the GM gave (None: leave it as it is)."""

    words: list[str] | None = None  # `movement 3d 18:00 Europe/London retreat 1d ...`
    movement: str | None = None
    retreat: str | None = None
    adjustment: str | None = None
    zone: str | None = None
    remind: str | None = None  # `24h`
    grace: str | None = None
    early: bool | None = None
    confirm: bool | None = None
    hold: bool | None = None
    picture: bool | None = None
    nmr: str | None = None
    disorder_after: int | None = None
    press: str | None = None
    imap: str | None = None  # the IMAP host
    imap_user: str | None = None
    imap_port: int | None = None
    imap_folder: str | None = None
    maildir: str | None = None
    mbox: str | None = None
    no_mailbox: bool = False
    publish: str | None = None  # a folder; '' for none
    active: bool | None = None


def split_words(words: list[str]) -> dict[str, str]:
    """`movement 3d 18:00 Europe/London retreat 1d` -> {'movement': '3d 18:00 ...', ...}."""
    found: dict[str, list[str]] = {}
    current = None
    for word in words:
        kind = next((k for k in KINDS if k.startswith(word.lower()) and len(word) >= 3), None)
        if kind is not None:
            current = kind
            found[kind] = []
        elif current is None:
            raise WorkflowError(f"the schedule starts with {word!r}: name the kind of phase "
                                "first, as in 'movement 3d 18:00 Europe/London retreat 1d "
                                "adjustment 1d'.")
        else:
            found[current].append(word)
    return {kind: " ".join(value) for kind, value in found.items()}


def _timing(kind: str, text: str) -> tuple[str, str]:
    """The words checked, and the zone they name ('' if none)."""
    if not text.strip():
        return "", ""
    try:
        timing = read_timing(text)
    except ScheduleError as exc:
        raise WorkflowError(f"{kind}: {exc}") from None
    return timing.text, timing.zone


def _span(text: str, what: str) -> int:
    try:
        return read_span(text, what)
    except ScheduleError as exc:
        raise WorkflowError(str(exc)) from None


def _choice(value: str, allowed: tuple[str, ...], option: str) -> str:
    if value not in allowed:
        raise WorkflowError(f"{option} must be one of {', '.join(allowed)}, not {value!r}.")
    return value


def set_schedule(store: Store, game: str, change: ScheduleChange) -> JudgeSettings:
    """Change what is given, keep the rest; returns the settings now stored."""
    with store.transaction():
        view = open_game(store, game)
        found = judge_rows.settings_of(store, view.game.id)
        settings = found or JudgeSettings(from_seq=rows.open_phase(store, view.game).seq)
        timings = split_words(change.words) if change.words else {}
        for kind in KINDS:
            given = getattr(change, kind)
            if given is not None:
                timings[kind] = given
        zones = set()
        for kind, text in timings.items():
            words, zone = _timing(kind, text)
            settings = replace(settings, **{kind: words})
            if zone:
                zones.add(zone)
        if len(zones) > 1:
            raise WorkflowError(f"the schedule names two zones ({', '.join(sorted(zones))}); "
                                "a game has one: name it once, or with --zone.")
        if change.zone is not None:
            zone = read_zone(change.zone)
            if zone is None:
                raise WorkflowError(f"{change.zone!r} is not a time zone; give one such as "
                                    "Europe/London, CET or UTC.")
            zones = {zone}
        if zones:
            settings = replace(settings, zone=zones.pop())
        if change.remind is not None:
            settings = replace(settings, remind=_span(change.remind, "--remind"))
        if change.grace is not None:
            settings = replace(settings, grace=_span(change.grace, "--grace"))
        for flag in ("early", "confirm", "hold", "picture", "active"):
            if getattr(change, flag) is not None:
                settings = replace(settings, **{flag: getattr(change, flag)})
        if change.nmr is not None:
            settings = replace(settings, nmr=_choice(change.nmr, NMR_POLICIES, "--nmr"))
        if change.disorder_after is not None:
            if change.disorder_after < 1:
                raise WorkflowError("--civil-disorder-after counts missed phases: give 1 or "
                                    "more.")
            settings = replace(settings, disorder_after=change.disorder_after)
        if change.press is not None:
            settings = replace(settings, press=_choice(change.press, PRESS_POLICIES,
                                                       "--press"))
        settings = _mailbox(settings, change)
        if change.publish is not None:
            settings = replace(settings, publish=_folder(change.publish, "--publish")
                               if change.publish else "")
        judge_rows.save_settings(store, view.game.id, settings)
        return settings


def _mailbox(settings: JudgeSettings, change: ScheduleChange) -> JudgeSettings:
    given = [name for name, value in (("--imap", change.imap), ("--maildir", change.maildir),
                                      ("--mbox", change.mbox)) if value]
    if len(given) > 1 or (given and change.no_mailbox):
        raise WorkflowError("give one mailbox: --imap HOST --imap-user U, --maildir DIR or "
                            "--mbox FILE (or --no-mailbox).")
    if change.no_mailbox:
        return replace(settings, mailbox="", mailbox_path="")
    if change.imap:
        settings = replace(settings, mailbox="imap", mailbox_path=change.imap.strip())
    elif change.maildir:
        settings = replace(settings, mailbox="maildir",
                           mailbox_path=_folder(change.maildir, "--maildir"))
    elif change.mbox:
        settings = replace(settings, mailbox="mbox",
                           mailbox_path=str(Path(change.mbox).expanduser().resolve()))
    if change.imap_user is not None:
        settings = replace(settings, imap_user=change.imap_user.strip())
    if change.imap_port is not None:
        if not 0 < change.imap_port < 65536:
            raise WorkflowError(f"{change.imap_port} is not a port number; IMAP over TLS is "
                                "usually 993.")
        settings = replace(settings, imap_port=change.imap_port)
    if change.imap_folder is not None:
        settings = replace(settings, imap_folder=change.imap_folder)
    if settings.mailbox == "imap" and not settings.imap_user:
        raise WorkflowError("--imap needs --imap-user: the name the judge logs in with (the "
                            "password comes from GM_IMAP_PASSWORD).")
    return settings


def _folder(text: str, option: str) -> str:
    """A folder as an absolute path: cron runs gm from another folder."""
    path = Path(text).expanduser().resolve()
    if path.exists() and not path.is_dir():
        raise WorkflowError(f"{option} {text}: that is a file; give a folder.")
    return str(path)


def schedule_of(store: Store, game: str) -> tuple[GameView, JudgeSettings | None]:
    with store.transaction(write=False):
        view = open_game(store, game)
        return view, judge_rows.settings_of(store, view.game.id)


def judged(store: Store, view: GameView) -> JudgeSettings:
    """The game's settings; refused when the judge does not run it."""
    found = judge_rows.settings_of(store, view.game.id)
    if found is None:
        raise WorkflowError(f"the judge does not run {view.game.name}: set its schedule first "
                            f"('gm schedule {view.game.name} movement 3d 18:00 retreat 1d "
                            "adjustment 1d').")
    return found


def zone_of(store: Store, view: GameView) -> str:
    """The game's zone: the schedule's, else the one its deadlines name, else UTC."""
    return game_zone(store, view.game.id) or "UTC"


def describe(settings: JudgeSettings) -> list[str]:
    """The settings in the schedule's words, one per line, for `gm schedule GAME`."""
    def timing(kind: str) -> str:
        return getattr(settings, kind) or "not set (the judge sets no deadline)"

    mailbox = {
        "imap": f"IMAP {settings.imap_user}@{settings.mailbox_path}:{settings.imap_port} "
                f"{settings.imap_folder} (password from GM_IMAP_PASSWORD)",
        "maildir": f"Maildir {settings.mailbox_path}",
        "mbox": f"mbox {settings.mailbox_path}",
    }.get(settings.mailbox, "none (letters are entered by the GM)")
    nmr = "hold (units hold, builds are waived)" if settings.nmr == HOLD else \
        f"civil disorder after {settings.disorder_after} missed phase(s) running"
    remind = f"{span_words(settings.remind)} before the deadline" if settings.remind else "none"
    early = "yes, once every power has complete orders" if settings.early else "no"
    return [
        f"judged: {'yes' if settings.active else 'no (paused: --on resumes)'}",
        *(f"{kind}: {timing(kind)}" for kind in KINDS),
        f"zone: {settings.zone or 'the one its deadlines name (UTC if none)'}",
        f"reminder: {remind}",
        f"grace: {span_words(settings.grace)}",
        f"early adjudication: {early}",
        f"confirmations: {'yes' if settings.confirm else 'no'}",
        f"results: {'held for gm approve' if settings.hold else 'sent at once'}, "
        f"{'with' if settings.picture else 'without'} the board",
        f"NMR: {nmr}",
        f"press by mail: {settings.press}",
        f"mailbox: {mailbox}",
        f"publish: {settings.publish or 'no'}",
    ]
