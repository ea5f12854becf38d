"""Season reports and the centre chart: built once as data (`model`, `build`, `chart`), then
rendered as plain text (`text`), for the terminal (`rich_render`) or as Markdown (`markdown`)."""
