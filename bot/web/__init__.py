"""The Mini App: a live scoreboard and a one-screen hand composer (issue 17)."""
