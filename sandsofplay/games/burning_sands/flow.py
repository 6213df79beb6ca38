"""The names the bots' look-ahead (``search``) and the scenario tests use for the flow, kept
under this module's old name: ``legal`` and ``apply`` (no checks), ``settle`` and ``LEGAL``.
The flow itself is ``stages``; the frames, ``frames``."""

from __future__ import annotations

from .stages import FLOW, LEGAL, settle
from .stages import answers as legal
from .stages import play as apply

__all__ = ["FLOW", "LEGAL", "apply", "legal", "settle"]
