"""`gm publish`: a game as a static web site (index, one page per season, a print stylesheet).

`site.publish_game` gathers what the store holds; `html_report` lays a season report out as
HTML; `pages` writes the index and the season pages. Nothing on a page is fetched from
elsewhere: the board pictures are inline SVG and the stylesheet is a file beside the pages.
"""
