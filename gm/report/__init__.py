"""Season reports: built once as data (`model`, `build`), then rendered (`text`)."""
