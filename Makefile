# gm — every target first makes .venv and installs what it needs when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed



.PHONY: demo test test-pythons smoke bench lint clean browser imap-server

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m gm.demo

# the suite on two cores (pytest-xdist); a test file's module fixtures stay on one worker
JOBS ?= 2
test: $(STAMP) browser imap-server
	$(BIN)/python -m pytest -n $(JOBS) --dist loadfile
	$(MAKE) --no-print-directory smoke

# the suite on every other Python 3.11+ found (pyenv's versions, python3.X on PATH), each in
# .venv-pythons/3.X; says which it ran, and that there are none when none is found. Not part of
# `make test` or .ci/run: minutes per Python.
test-pythons: browser imap-server
	JOBS=$(JOBS) bash tools/test_pythons.sh

# build the wheel, install it (not editable) into a fresh environment, run gm from elsewhere
smoke:
	PYTHON=$(PYTHON) bash tools/smoke_wheel.sh

# `gm publish`'s test renders a page in headless Chromium, Debian's package: installed here
# when it is missing and we may (root, apt-get); otherwise that one test skips and says why.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium for the publish test (apt-get)"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	      >/dev/null) || echo "gm: apt-get could not install chromium"; \
	  else echo "gm: chromium is missing and cannot be installed here (not root, or no apt-get)"; fi; }

# The IMAP tests run a real server, Debian's dovecot, on 127.0.0.1; installed here when it is
# missing and this machine can (root with apt-get). Without it those tests are skipped, saying so.
imap-server:
	@command -v dovecot >/dev/null || test -x /usr/sbin/dovecot || \
	  { test "$$(id -u)" = 0 && command -v apt-get >/dev/null && \
	    { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd >/dev/null 2>&1 || \
	      { apt-get update -qq >/dev/null 2>&1 && \
	        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd >/dev/null 2>&1; }; }; } || \
	  echo "dovecot-imapd could not be installed: the IMAP tests will be skipped"

bench: $(STAMP) .venv-bench/.installed
	$(BIN)/python bench/run.py

# the diplomacy engine, measured beside gm, lives in an environment of its own
.venv-bench/.installed:
	test -x .venv-bench/bin/python || $(PYTHON) -m venv .venv-bench
	.venv-bench/bin/python -m pip install --quiet diplomacy || echo "could not install diplomacy; bench runs gm alone"
	touch $@

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) .venv-bench .venv-pythons build *.egg-info .pytest_cache
