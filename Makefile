# gm — every target first makes .venv and installs what it needs when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed



.PHONY: demo test smoke bench lint clean browser

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m gm.demo

test: $(STAMP) browser
	$(BIN)/python -m pytest
	$(MAKE) --no-print-directory smoke

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
	rm -rf $(VENV) .venv-bench build *.egg-info .pytest_cache
