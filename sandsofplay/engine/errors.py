"""Errors the engine raises, each with a message a player or user can read."""


class IllegalAction(Exception):
    """An action the rules do not allow right now.

    ``reason`` is a sentence a player understands; ``rule`` names the rulebook section it comes
    from. Raising it guarantees that nothing in the state changed.
    """

    def __init__(self, reason: str, rule: str = ""):
        super().__init__(f"{reason} ({rule})" if rule else reason)
        self.reason = reason
        self.rule = rule


class SaveError(Exception):
    """A save or replay file that cannot be used; the message says why and which file."""


class DataError(Exception):
    """A malformed component data or map file; the message names the file, entry and problem."""
