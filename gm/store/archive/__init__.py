"""The game archive: a plain-text record of a whole game that a person can read and edit,
and that `gm replay` rebuilds the game from. Format: docs/archive-format.md."""

from gm.store.archive.archive_data import (
    Archive,
    ArchiveEdit,
    ArchiveError,
    ArchiveLetter,
    ArchivePhase,
    ArchivePlayer,
    ArchivePress,
    Holding,
    RecordedDislodged,
    RecordedOutcome,
)
from gm.store.archive.read import read_archive
from gm.store.archive.write import write_archive

__all__ = [
    "Archive", "ArchiveEdit", "ArchiveError", "ArchiveLetter", "ArchivePhase", "ArchivePlayer",
    "ArchivePress", "Holding",
    "RecordedDislodged", "RecordedOutcome", "read_archive", "write_archive",
]
