"""Mistakes a GM can make with a game (as opposed to problems with the database file)."""

from __future__ import annotations


class WorkflowError(Exception):
    """A command that cannot be carried out; `str()` says why and what to do instead."""


class AlreadyAdjudicated(WorkflowError):
    """Another gm adjudicated the phase first (two terminals, two GMs)."""


class GameOver(WorkflowError):
    pass


class NothingToUndo(WorkflowError):
    pass


class NothingToRedo(WorkflowError):
    pass
