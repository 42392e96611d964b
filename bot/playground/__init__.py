"""The playground: the real bot against a built-in Bot API server on loopback, and a web page
of four phones in one group chat (``mahjong-tally playground``; see :mod:`bot.playground.run`)."""
