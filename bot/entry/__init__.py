"""The hand while it is entered: one typed draft (:mod:`bot.entry.draft`), one answer to what
may be chosen now (:mod:`bot.entry.allowed`) and one to what the scoring core accepts and why
not (:mod:`bot.entry.checks`). No Telegram and no database in here: the chat's buttons
(:mod:`bot.entry.wizard`), the one-line ``/hand`` (:mod:`bot.entry.phrase`) and the Mini App
(:mod:`bot.web.api`) all ask these, so no door offers what another refuses (issue #23).

This ``__init__`` imports nothing, so importing one part loads only what it needs."""
