"""This folder is also the package `gm._data.grammars`, so that gm's wheel carries the order
grammar (see docs/map-format.md). The grammar is `orders.lark`; this file holds no code."""
