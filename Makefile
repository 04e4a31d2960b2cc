# Two entry points for a fresh machine: `make serve` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1

# Two installs into one .venv: what serving needs (pyproject.toml's dependencies: the
# MkDocs stack and our plugin, no torch), and everything (its `test` extra: torch, the
# snippets' packages, the tests' tools). The second includes the first.
# Serving's install is on the way to the first page: no pip upgrade (the venv's own pip
# installs these wheels) and no byte-compiling of every installed file (Python compiles
# what the build imports, once).
$(VENV)/.serve-installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --no-compile -e .
	touch $@

# Which torch build pip installs (CUDA or CPU-only): README, "Installing: which torch build".
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@$(PY) -c "import torch; print('installed torch', torch.__version__, \
	  '(CUDA ' + torch.version.cuda + ' build)' if torch.version.cuda else '(CPU-only build)')"
	touch $(VENV)/.serve-installed $@

# axe-core (accessibility test) and lighthouse (benchmarks/lighthouse.py), pinned in
# package-lock.json; Debian's nodejs/npm (.ci/run installs them)
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

.PHONY: install serve build test docs lighthouse verify-release gpu-wheels
install: $(VENV)/.installed node_modules/.installed

# Build and serve the site on http://127.0.0.1:8000/<site_url's path>/ (mkdocs.yml); needs
# no torch
SERVE_ADDR ?= 127.0.0.1:8000
serve: $(VENV)/.serve-installed
	$(VENV)/bin/mkdocs serve -a $(SERVE_ADDR)

# Lighthouse scores of one page of each kind (benchmarks/lighthouse.py; served gzipped)
lighthouse: install
	$(PY) benchmarks/lighthouse.py

build: $(VENV)/.serve-installed
	$(VENV)/bin/mkdocs build

# Regenerate docs/ from notes/ and snippets/
docs: $(VENV)/.installed
	$(PY) -m torchkb build

# All tests: generator, snippets, pages, translations, site build, browser, search
test: install
	$(PY) -m pytest -n 2

# Verify every snippet with another torch release, in a side environment of its own; the
# records go to verification/releases/ (CONTRIBUTING, "Verifying on another torch release"):
#   make verify-release TORCH=2.15.0
#   make verify-release TORCH=1.13.0 EXTRA='numpy<2'    # wheels built before NumPy 2
#   make verify-release TORCH=2.6.0 IDS=tensors/expand_write_error   # some snippets only
RELEASE_VENV = .venvs/torch-$(TORCH)
verify-release:
	@test -n "$(TORCH)" || { echo "usage: make verify-release TORCH=<release> [EXTRA=...]"; exit 2; }
	test -x $(RELEASE_VENV)/bin/python || python3 -m venv $(RELEASE_VENV)
	$(RELEASE_VENV)/bin/python -m pip install --quiet torch==$(TORCH) $(EXTRA) -r requirements-verify.txt
	$(RELEASE_VENV)/bin/python -m torchkb verify $(IDS)

# The wheels the GPU job takes to a GPU machine without network (README, "The GPU job"):
# what `verify` needs beside the machine's own torch, and the snippets' packages such a
# machine lacks, for its Python (GPU_PYTHON); then, there: bash gpu/job.sh OUTDIR
GPU_PYTHON ?= 3.12
GPU_WHEELS = pydantic==2.14.3 pydantic-core==2.50.4 annotated-types==0.8.0 \
  typing-extensions==4.16.0 typing-inspection==0.4.5 pyyaml==6.0.3 \
  thop==0.1.1.post2209072238 torchinfo==1.8.0 torchsummary==1.5.1 torchsummaryX==1.3.0 \
  hypothesis==6.170.17 sortedcontainers==2.4.0
gpu-wheels:
	python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version $(GPU_PYTHON) \
	  --implementation cp --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
	  --platform manylinux2014_x86_64 -d gpu/wheels $(GPU_WHEELS)
