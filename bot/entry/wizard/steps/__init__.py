"""One module per group of steps; each step kind is a small class (what it asks: ``render``;
what a tap does to the typed draft and where it leads: ``apply``, returning a
:mod:`~bot.entry.wizard.targets` target), registered in :data:`bot.entry.wizard.flow.STEPS`.
Whether a step is asked at all is :mod:`bot.entry.wizard.order`'s (:data:`~bot.entry.wizard.
changes.WANTED`)."""
