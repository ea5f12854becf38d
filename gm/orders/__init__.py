"""Orders: the typed order objects, and reading them from the text players write.

Each typed order lives in its kind's module under `gm/orders/kinds/` and is imported from
there; the package itself re-exports nothing, so adding a kind edits no list here and importing
one module of the package loads no other. Reading lives in its modules:
`gm.orders.parse.parse_order` reads one order, `gm.orders.letters.read_orders` a whole letter
or email, and `gm.orders.echo.echo_letter` shows the GM, line by line, what was understood,
rejected or ignored. `OrderError` is in `gm.orders.errors`.
"""
