"""The one error type the scoring package raises for bad input."""

from __future__ import annotations


class RecordError(ValueError):
    """A hand record (or its options) is invalid.

    ``field`` is the JSON path of the offending value, e.g. ``"wins[0].from"`` or
    ``"options.base"``; ``message`` says what is wrong in plain English. ``str(err)`` is
    ``"<field>: <message>"``, suitable for a one-line error on the command line.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
