"""One module per group of steps; each step kind is a small class (what it asks: ``render``;
what a tap does: ``apply``; whether it is asked: ``wanted``), registered in
:data:`bot.entry.wizard.flow.STEPS`."""
