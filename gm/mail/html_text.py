"""An HTML-only message turned into the text a player would see, for the letter reader.

Blocks and line breaks become new lines; quoted mail (`<blockquote>`) is prefixed with `> `
so that the reader treats it as quoted, as it does in a plain-text reply."""

from __future__ import annotations

from html.parser import HTMLParser

_BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table",
           "ul", "ol", "blockquote", "hr", "section", "article", "header", "footer"}
_HIDDEN = {"script", "style", "head", "title"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = [""]
        self.hidden = 0
        self.quoted = 0

    def _break(self) -> None:
        if self.lines[-1].strip():
            self.lines.append("")

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag in _BLOCKS:
            self._break()
            if tag == "blockquote":
                self.quoted += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCKS:
            self._break()
            if tag == "blockquote":
                self.quoted = max(0, self.quoted - 1)

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        pieces = data.split("\n")
        for n, piece in enumerate(pieces):
            if n:
                self._break()
            if not piece.strip():
                if self.lines[-1] and not self.lines[-1].endswith(" "):
                    self.lines[-1] += " "
                continue
            if not self.lines[-1].strip():
                self.lines[-1] = "> " * self.quoted
            self.lines[-1] += " ".join(piece.split()) + (" " if piece[-1:].isspace() else "")


def html_to_text(html: str) -> str:
    """The text of an HTML body, one line per block."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "\n".join(line.rstrip() for line in parser.lines).strip() + "\n"
