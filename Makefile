# Two entry points for a fresh machine: `make serve` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

.PHONY: install serve build test docs
install: $(VENV)/.installed

# Build and serve the site on http://127.0.0.1:8000
serve: install
	$(VENV)/bin/mkdocs serve -a 127.0.0.1:8000

build: install
	$(VENV)/bin/mkdocs build

# Regenerate docs/ from notes/ and snippets/
docs: install
	$(PY) -m torchkb build

# All tests: generator, snippets, pages, translations, site build, browser, search
test: install
	@command -v chromium >/dev/null || echo "note: Debian chromium is missing; browser tests will fail (apt-get install chromium)"
	$(PY) -m pytest -n 2
