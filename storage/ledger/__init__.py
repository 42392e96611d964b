"""The ledger by area; :class:`storage.service.Ledger` is the facade made of these modules
(see ``docs/ledger-api.md``).

* ``_util`` — constants, the Core handles of the tables, small helpers;
* ``_views`` — the builders of the frozen views (:mod:`storage.views`);
* ``_base`` — the engine, the read / write / Core transactions, the lookups by id;
* ``players`` — chats and players; ``tables`` — tables and seats; ``drafts``;
  ``hands`` — recording and reading hands; ``corrections`` — voids, corrections and the
  dealer they move; ``nights`` — nights, standings, transfers; ``exports`` — CSV, chat
  statistics and the integrity check.

Most statements go through the ORM. A hot path that skips it (a Core statement on the tables'
handles, built once) has a comment above it giving the figure, measured on 2026-12-01 on a
copy of the SQLite database of ``benchmarks/bench_ledger.py --sizes 100000 --keep`` (2 CPUs):
the median of 300 calls of the ledger method against the same read or write done through a
``Session`` with ORM entities (``s.get(Draft, id)``, ``select(Hand)`` …, the same views
built), and for ``record_hand`` 600 hands on the big table in rounds of 100 against the
same ledger with that one step done through the ORM.
"""
