# Two entry points for a fresh machine: `make serve` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

# axe-core (accessibility test) and lighthouse (benchmarks/lighthouse.py), pinned in
# package-lock.json; Debian's nodejs/npm (.ci/run installs them)
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

.PHONY: install serve build test docs lighthouse
install: $(VENV)/.installed node_modules/.installed

# Build and serve the site on http://127.0.0.1:8000/<site_url's path>/ (mkdocs.yml)
serve: install
	$(VENV)/bin/mkdocs serve -a 127.0.0.1:8000

# Lighthouse scores of a topic page and a notebook page, both languages (served gzipped)
lighthouse: install
	$(PY) benchmarks/lighthouse.py

build: install
	$(VENV)/bin/mkdocs build

# Regenerate docs/ from notes/ and snippets/
docs: install
	$(PY) -m torchkb build

# All tests: generator, snippets, pages, translations, site build, browser, search
test: install
	@command -v chromium >/dev/null || echo "note: Debian chromium is missing; browser tests will fail (apt-get install chromium)"
	$(PY) -m pytest -n 2
