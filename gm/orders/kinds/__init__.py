"""One module per order kind (`hold.py`, `move.py`, `support.py`...), each declaring `KINDS`;
`gm.orders.kind_registry` lists them and is what the rest of gm asks."""
