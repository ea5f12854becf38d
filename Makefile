# gm — every target first makes .venv and installs what it needs when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test smoke bench lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m gm.demo

test: $(STAMP)
	$(BIN)/python -m pytest
	$(MAKE) --no-print-directory smoke

# build the wheel, install it (not editable) into a fresh environment, run gm from elsewhere
smoke:
	PYTHON=$(PYTHON) bash tools/smoke_wheel.sh

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
