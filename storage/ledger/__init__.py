"""The ledger by area; :class:`storage.service.Ledger` is the facade made of these modules
(see ``docs/ledger-api.md``).

* ``_util`` — constants, the Core handles of the tables, small helpers;
* ``_views`` — the builders of the frozen views (:mod:`storage.views`);
* ``_base`` — the engine, the read / write / Core transactions, the lookups by id;
* ``driver`` — Core statements compiled once and run on the driver's cursor (the hot
  statements of every tap and Confirm: the draft, the table, the standings, a new hand);
* ``players`` — chats and players; ``tables`` — tables and seats; ``drafts``;
  ``hands`` — recording and reading hands; ``append`` — a new hand at the end of its night
  in Core statements (every Confirm but a riichi one); ``corrections`` — voids, corrections and the
  dealer they move; ``nights`` — nights, standings, transfers; ``exports`` — CSV, chat
  statistics and the integrity check.

Most statements go through the ORM. A hot path that skips it (a Core statement on the tables'
handles, built once) has a comment above it giving the figures, measured on 2026-12-01 (2 CPUs
shared with other work: a few per cent is noise) on the database that
``benchmarks/bench_ledger.py --sizes 100000`` fills (SQLite: a copy of its ``--keep`` file;
PostgreSQL: the same fill with ``--url`` on the tests' embedded server). Reads and draft
writes: the median wall time of 300 calls of the ledger method against the same work done
through a ``Session`` with ORM entities (``s.get(Draft, id)``, ``select(Hand)`` …, the same
views built). ``record_hand``: the median per hand over a few hundred hands on the big table,
recorded in turn by the ledger and by a subclass doing that one step through the ORM
(``s.add_all`` of the ledger rows; ``s.get`` and add of each night total).
"""
