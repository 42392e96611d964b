"""The ledger by area; :class:`storage.service.Ledger` is the facade made of these modules
(see ``docs/ledger-api.md``)."""
