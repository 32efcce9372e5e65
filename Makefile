# mcp-tool-result: one Rust core, Python / Node / Go bindings, one conformance suite.
# `make help` lists the targets. Every target installs what it needs on a fresh machine.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

ROOT := $(CURDIR)
BUILD := $(ROOT)/.build
VENV := $(BUILD)/venv
PY := $(VENV)/bin/python
COUNTS := $(BUILD)/conformance-counts
DEMO_INPUT := $(ROOT)/conformance/demo/browser-screenshot.json
BINDINGS := python node go
# Every conformance runner; each writes its case count to $(COUNTS)/<runner>.
RUNNERS := rust python node node-wasm go go-wazero
export CARGO_TERM_COLOR ?= never
# Cargo target directories: target/<host triple>/ holds every host build of `make test`, all in the
# dev profile and all building the core with the same features (CORE_FEATURES), so it and its
# dependencies compile once: the core's tests, the conformance runner, the test-image generator,
# fuzz-replay (core/fuzz), the Python wheel and the Node addon the tests install, the Go crate's
# tests. Release builds of the bindings (PROFILE=release: bench, soak, bench-fit) land there too.
# Only what needs its own toolchain setup builds elsewhere: target/wasm (wasm32), target/go (the Go
# module's committed artifacts, outside `make test`), target/dist (`make dist`: every platform, zig
# and glibc 2.17) and target/release (`make cli`).
CORE_FEATURES := mcp-tool-result/cli
# Every host cargo build names the host triple, as napi's addon build always does, so the addon
# shares the core's compile with the others.
HOST_TRIPLE := $(shell rustc -vV 2>/dev/null | sed -n 's/^host: //p')
export CARGO_BUILD_TARGET ?= $(HOST_TRIPLE)
# clippy checks the Python crate with this interpreter (pyo3 rebuilds when it changes).
CLIPPY_PYTHON := $(shell command -v python3)

.PHONY: help demo demo-node-wasm demo-go-wazero test reset-counts venv test-core conformance conformance-images conformance-rust conformance-peers schema types check-counts \
        test-bindings lint bench bench-instructions cli clean crosscheck $(addprefix test-,$(BINDINGS)) $(addprefix demo-,$(BINDINGS))

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 20

# Every build that prints the demo: the three bindings, the npm package's wasm build, Go on wazero.
DEMOS := $(BINDINGS) node-wasm go-wazero

demo: $(addprefix demo-,$(DEMOS)) ## Convert the bundled screenshot result in every build (Python, Node native and wasm, Go cgo and wazero); check the outputs are byte-identical
	@for build in $(DEMOS); do \
	  cmp -s $(BUILD)/demo/python.txt $(BUILD)/demo/$$build.txt || { echo "demo: $$build output differs from python"; diff $(BUILD)/demo/python.txt $(BUILD)/demo/$$build.txt; exit 1; }; \
	done
	@echo "== input: $(notdir $(DEMO_INPUT)) (text + PNG screenshot + text resource + resource_link)"
	@$(PY) -c 'import sys; \
	[print(line if line.startswith("==") else __import__("json").dumps(__import__("json").loads(line), indent=2, ensure_ascii=False)) for line in open(sys.argv[1]).read().splitlines()]' $(BUILD)/demo/python.txt
	@echo "== $(DEMOS) printed byte-identical output ($$(wc -c < $(BUILD)/demo/python.txt) bytes, sha256 $$(sha256sum $(BUILD)/demo/python.txt | cut -c1-16))"

$(addprefix demo-,$(BINDINGS)): demo-%: $(VENV)/.ok
	@mkdir -p $(BUILD)/demo
	@$(MAKE) -s -C bindings-$* demo DEMO_INPUT=$(DEMO_INPUT) > $(BUILD)/demo/$*.txt

demo-node-wasm: $(VENV)/.ok
	@mkdir -p $(BUILD)/demo
	@$(MAKE) -s -C bindings-node/wasm build >&2
	@$(MAKE) -s -C bindings-node demo DEMO_INPUT=$(DEMO_INPUT) DEMO_WASM=1 > $(BUILD)/demo/node-wasm.txt

demo-go-wazero: $(VENV)/.ok
	@mkdir -p $(BUILD)/demo
	@$(MAKE) -s -C bindings-go demo DEMO_INPUT=$(DEMO_INPUT) CGO_ENABLED=0 DEMO_BIN=$(BUILD)/demo/go-wazero-demo > $(BUILD)/demo/go-wazero.txt

# ---- make test: its steps, their timings and their stamps ---------------------------------------
# The steps (`conformance`, `test-bindings` and `e2e` spelled out). .ci/build/steps.py runs each as
# its own make, in one of two lanes (lane.<step>, default A) that run side by side, each in the order
# below; a step starts only after the steps in needs.<step> passed. It writes the wall time of each
# to TIMINGS and each step's output to LOGS/<step>.log (and, prefixed, to stdout). A step with inputs
# (inputs.<step>: folders and files, as git pathspecs) is skipped when the hash of those files
# (git-tracked and untracked, not ignored), of the toolchain and of make's command-line variables
# equals the one in its stamp (.build/stamps/<step>), which is written only after the step passed.
# The stamp keeps the conformance counts the step wrote (counts.<step>: runner names) and a skip
# restores them, so check-counts sees every runner. A fresh clone has no stamps; FORCE=1 runs every
# step; SERIAL=1 runs them one at a time. The tool versions every stamp covers are the runner's
# TOOL_VERSIONS, plus those in tools.<step> (installed by a step on first use, such as chromium).
#
# Lane B holds what shares no build output with lane A: the fixture checks, the Go binding (the
# committed library and .wasm; its Rust crate's test waits on cargo's lock) and the end-to-end tests
# (each binding's after the step that built its wheel or addon). Two steps of the two lanes never
# write the same file: the venv, the large test images (which every conformance runner reads) and
# the e2e npm install are each made by one step that the others need.
TEST_STEPS := reset-counts venv conformance-images types e2e-npm schema conformance-peers lint-go \
  test-go lint-sources check-dist-config check-generated test-core fuzz-replay conformance-rust \
  test-python test-node test-wasm crosscheck test-playground e2e-go e2e-python e2e-node check-counts
TIMINGS := $(BUILD)/timings.txt
STAMPS := $(BUILD)/stamps
LOGS := $(BUILD)/logs

# Every step reads this Makefile (its recipes) and the runner; every build of the core reads the
# workspace manifests, the cargo config, the lock file, the README and docs/rust.md (the crate's
# doc tests include them).
STEP_BASE := Makefile .ci/build
RUST_INPUTS := Cargo.toml Cargo.lock .cargo rustfmt.toml core README.md docs/rust.md
inputs.lint-sources := $(STEP_BASE) $(RUST_INPUTS) bindings-python bindings-node bindings-go bindings-wasm conformance .ci
inputs.lint-go := $(STEP_BASE) bindings-go
inputs.test-core := $(STEP_BASE) $(RUST_INPUTS) conformance
inputs.fuzz-replay := $(STEP_BASE) $(RUST_INPUTS) conformance
inputs.schema := $(STEP_BASE) conformance
inputs.conformance-rust := $(STEP_BASE) $(RUST_INPUTS) conformance
inputs.conformance-peers := $(STEP_BASE) conformance
inputs.types := $(STEP_BASE) conformance
inputs.test-python := $(STEP_BASE) $(RUST_INPUTS) conformance bindings-python
inputs.test-node := $(STEP_BASE) $(RUST_INPUTS) conformance bindings-node bindings-wasm
inputs.test-go := $(STEP_BASE) $(RUST_INPUTS) conformance bindings-go bindings-wasm
inputs.test-wasm := $(STEP_BASE) $(RUST_INPUTS) conformance bindings-wasm bindings-node
inputs.crosscheck := $(STEP_BASE) $(RUST_INPUTS) conformance bindings-python bindings-node bindings-wasm bindings-go
inputs.test-playground := $(STEP_BASE) $(RUST_INPUTS) conformance bindings-wasm bindings-node playground
inputs.e2e-go := $(STEP_BASE) conformance bindings-go
inputs.e2e-python := $(STEP_BASE) $(RUST_INPUTS) conformance bindings-python
inputs.e2e-node := $(STEP_BASE) $(RUST_INPUTS) conformance bindings-node bindings-wasm
counts.conformance-rust := rust
counts.test-python := python
counts.test-node := node
counts.test-go := go go-wazero
counts.test-wasm := node-wasm
lane.types := B
lane.e2e-npm := B
lane.schema := B
lane.conformance-peers := B
lane.lint-go := B
lane.test-go := B
lane.e2e-go := B
lane.e2e-python := B
lane.e2e-node := B
needs.lint-sources := venv
needs.schema := venv
needs.conformance-peers := venv
# The capture server (conformance/e2e) runs in the venv: Pillow decodes every image it receives.
needs.e2e-npm := venv
needs.test-go := conformance-images
needs.e2e-go := e2e-npm
# The e2e tests of a binding install the wheel or addon its own test step built.
needs.e2e-python := e2e-npm test-python
needs.e2e-node := e2e-npm test-node
needs.check-counts := conformance-rust test-go test-python test-node test-wasm
# The cross-check runs the builds those steps made and tested.
needs.crosscheck := test-go test-python test-node test-wasm
# Tools only these steps use (STEP_TOOLS in the runner), which a step may install on first use.
tools.test-playground := chromium

test: ## Install what is missing and run every test in two lanes (FORCE=1: ignore the stamps; SERIAL=1: one step at a time); each step's wall time goes to .build/timings.txt
	+MAKE='$(MAKE)' STEP_VARIABLES='$(filter-out FORCE=% SERIAL=%,$(MAKEOVERRIDES))' python3 .ci/build/steps.py \
	  --timings $(TIMINGS) --stamps $(STAMPS) --counts $(COUNTS) --logs $(LOGS) $(if $(FORCE),--force) $(if $(SERIAL),--serial) \
	  $(foreach step,$(TEST_STEPS),'$(step)|$(inputs.$(step))|$(counts.$(step))|$(lane.$(step))|$(needs.$(step))|$(tools.$(step))')

# Counts from an earlier run must not satisfy check-counts.
reset-counts:
	rm -rf $(COUNTS)

cli: ## Build the command-line tool (target/release/mcp-tool-result)
	env -u CARGO_BUILD_TARGET cargo build --release -p mcp-tool-result --features cli

test-core: $(IMAGES_STAMP) ## Core unit, property, doc and CLI tests
	cargo test -p mcp-tool-result --features $(CORE_FEATURES) --lib --bins --test no_panic --test host_text --test cli --test token_budget --test fit_memory
	cargo test -p mcp-tool-result --features $(CORE_FEATURES) --doc

conformance: schema conformance-rust conformance-peers types ## Fixture schema check, Rust runner, Copilot peer differential test, provider type check

schema: $(VENV)/.ok ## Validate every fixture file against conformance/schema
	$(PY) conformance/check_schema.py

# The large test images are generated (conformance/images/generate.rs); the small ones are
# committed and checked against the generator.
IMAGES_STAMP := conformance/images/generated/.stamp
conformance-images: $(IMAGES_STAMP) ## Generate the large conformance test images; fail when a committed small one differs

$(IMAGES_STAMP): conformance/images/generate.rs Cargo.lock
	nice -n 10 cargo run -q -p mcp-tool-result --features $(CORE_FEATURES) --example conformance-images -- conformance/images --check
	touch $@

conformance-rust: $(IMAGES_STAMP) ## Run every fixture case through the core (value and JSON doors)
	@mkdir -p $(COUNTS)
	CONFORMANCE_COUNT_FILE=$(COUNTS)/rust cargo test -p mcp-tool-result --features $(CORE_FEATURES) --test conformance

conformance-peers: $(VENV)/.ok ## Compare copilot fixtures with the installed github-copilot-sdk converter
	$(PY) conformance/peers/copilot_py_diff.py

types: ## Type-check every fixture output against the providers' published SDK types (tsc)
	sh conformance/types/check.sh

test-bindings: $(addprefix test-,$(BINDINGS)) ## Build, install and test the Python, Node and Go bindings

$(addprefix test-,$(BINDINGS)): test-%: $(IMAGES_STAMP)
	@mkdir -p $(COUNTS)
	$(MAKE) -C bindings-$* test CONFORMANCE_COUNT_FILE=$(COUNTS)/$*

check-counts: ## Fail unless every conformance runner ran exactly the number of cases the fixtures hold
	@want=$$(python3 conformance/count_cases.py); status=0; total=0; \
	for runner in $(RUNNERS); do \
	  got=$$(cat $(COUNTS)/$$runner 2>/dev/null || echo 0); total=$$((total + got)); \
	  echo "conformance counts: fixtures $$want, $$runner $$got"; \
	  [ "$$got" -eq "$$want" ] || { echo "conformance: the $$runner runner ran $$got of the $$want cases the fixtures hold"; status=1; }; \
	done; \
	[ $$status -eq 0 ] && echo "conformance: $$total passed, 0 failed"; exit $$status

# Lint checks sources and builds nothing: one rustfmt over the workspace, one clippy over every
# host crate (the core with its benchmark, the Python, Node and Go crates), the wasm crate's
# clippy for wasm32 in lint-wasm. The checks that need a built binding (mypy.stubtest, Node's
# generated files) run in that binding's `make test`, after its one build. `make test` runs the
# Go binding's linters (gofmt, go vet) as a step of their own (lint-go), in the other lane.
.PHONY: lint-sources lint-go

lint: lint-sources lint-go ## cargo fmt, clippy -D warnings, ruff, and each binding's linters

lint-sources: $(VENV)/.ok
	cargo fmt --all -- --check
	PYO3_PYTHON=$(CLIPPY_PYTHON) cargo clippy --workspace --exclude mcp-tool-result-wasm --all-targets \
	  --features $(CORE_FEATURES),mcp-tool-result/bench -- -D warnings
	$(VENV)/bin/ruff check conformance .ci/build .ci/dist .ci/gen
	for lang in python node; do $(MAKE) -C bindings-$$lang lint; done
	$(MAKE) lint-wasm

lint-go:
	$(MAKE) -C bindings-go lint

bench: ## Criterion benchmarks of the core (with the Copilot Rust crate side by side) and each binding's benchmark
	COPILOT_SKIP_CLI_DOWNLOAD=1 cargo bench -p mcp-tool-result --features peer-bench --bench convert
	for lang in $(BINDINGS); do $(MAKE) -C bindings-$$lang bench; done
	$(MAKE) bench-wasm

bench-instructions: ## Instruction counts (valgrind callgrind) of one small and one 10-block conversion: ours, the Copilot Rust crate's, and the crate's with its input's drop (ours frees its input inside), inputs cloned in batches of 64 and one at a time
	command -v valgrind >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind; } >&2
	@bin=$$(COPILOT_SKIP_CLI_DOWNLOAD=1 cargo bench -p mcp-tool-result --features peer-bench --bench instructions --no-run 2>&1 \
	  | grep -o 'target/[^ )]*release/deps/instructions-[0-9a-f]*' | head -1); \
	n=2000; echo "instructions per conversion (inputs cloned in batches of 64 / one at a time):"; \
	for which in small mixed; do for side in ours peer peer_drop; do \
	  line="$$which $$side:"; for pattern in batch each; do \
	    count=$$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="instructions::$$side" \
	      $$bin $$side $$which $$n $$pattern 2>&1 | sed -n 's/.*Collected : //p'); \
	    line="$$line $$((count / n))"; \
	  done; echo "$$line"; \
	done; done

venv: $(VENV)/.ok

$(VENV)/.ok: conformance/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r conformance/requirements.txt
	touch $@

clean: ## Remove build outputs
	cargo clean
	rm -rf $(BUILD)
	for lang in $(BINDINGS); do $(MAKE) -C bindings-$$lang clean; done

# ---- WebAssembly build (bindings-wasm; the npm package's wasm glue in bindings-node/wasm) ----
# `test-wasm-browser` needs Debian's chromium (installed on first use).
.PHONY: wasm test-wasm test-wasm-browser lint-wasm bench-wasm

wasm: ## Build the WebAssembly module (.build/wasm/mcp_tool_result.wasm)
	$(MAKE) -C bindings-wasm build

test-wasm: $(IMAGES_STAMP) ## wasm: ABI smoke test, conformance + API through the wasm build in Node, Workers (workerd) and Deno runtime tests
	@mkdir -p $(COUNTS)
	$(MAKE) -C bindings-wasm test
	$(MAKE) -C bindings-node/wasm test CONFORMANCE_COUNT_FILE=$(COUNTS)/node-wasm
	$(MAKE) -C bindings-node/wasm test-runtimes

test-wasm-browser: ## wasm: the npm package in headless Chromium (apt-installs chromium when missing)
	$(MAKE) -C bindings-node/wasm test-browser

lint-wasm: ## wasm: clippy for wasm32, tsc on the wasm entry's types
	$(MAKE) -C bindings-wasm lint
	$(MAKE) -C bindings-node/wasm lint

bench-wasm: ## wasm in Node vs the native addon vs @github/copilot-sdk; first call; module size
	$(MAKE) -C bindings-node/wasm bench

# ---- Fitting benchmark (bench/fit; not part of `make test`) ----------------------------------
# A 4K PNG screenshot fitted for Anthropic by each binding, next to Pillow (Python), sharp
# (Node, libvips) and Go's image/png, image/jpeg + x/image/draw, in one run; Pillow and sharp are
# pinned in bench/fit and installed under .build/bench-fit (a venv with the fresh wheel,
# node_modules from the lock); x/image is pinned in bench/fit/go/go.mod. The Go program is built
# twice, once per backend of the binding (cgo: the committed static library; CGO_ENABLED=0:
# the committed .wasm on wazero), from the binding's committed artifacts as they are.
BENCH_FIT := $(BUILD)/bench-fit
BENCH_FIT_GO := GOTOOLCHAIN=local GOFLAGS= go -C bench/fit/go build -o $(BENCH_FIT)/go
# The 4K screenshot of bench-fit and of the e2e fitting tests: generated, too large to commit.
SCREENSHOT := $(BUILD)/screenshot-3840x2160.png
export E2E_SCREENSHOT := $(SCREENSHOT)
# The playground's full-page example (1280x8400), for bench-fit's PNG sizes.
PAGE := $(BUILD)/page-1280x8400.png
.PHONY: bench-fit

$(BENCH_FIT)/venv/.ok: bench/fit/requirements.txt
	rm -rf $(BENCH_FIT)/venv
	python3 -m venv $(BENCH_FIT)/venv
	$(BENCH_FIT)/venv/bin/pip install -q --disable-pip-version-check -r bench/fit/requirements.txt
	touch $@

$(BENCH_FIT)/npm/.ok: bench/fit/package.json bench/fit/package-lock.json
	rm -rf $(BENCH_FIT)/npm && mkdir -p $(BENCH_FIT)/npm
	cp bench/fit/package.json bench/fit/package-lock.json $(BENCH_FIT)/npm/
	cd $(BENCH_FIT)/npm && npm ci --no-audit --no-fund
	touch $@

$(PAGE): playground/png.mjs
	@mkdir -p $(dir $@)
	node --input-type=module -e "import { pageScreenshot } from './playground/png.mjs'; import { writeFileSync } from 'node:fs'; writeFileSync('$@', pageScreenshot(1280, 8400))"

bench-fit: $(SCREENSHOT) $(PAGE) $(BENCH_FIT)/venv/.ok $(BENCH_FIT)/npm/.ok ## Fitting benchmark: a 4K PNG screenshot for Anthropic (limits, recommended) in Python, Node (native, async, wasm) and Go (cgo, wazero) next to Pillow, sharp and Go's image packages
	$(MAKE) -C bindings-python build PROFILE=release
	$(MAKE) -C bindings-node build PROFILE=release
	$(BENCH_FIT)/venv/bin/pip install -q --disable-pip-version-check --force-reinstall --no-deps target/wheels/release/mcp_tool_result-*.whl
	CGO_ENABLED=1 $(BENCH_FIT_GO)/bench-fit-cgo .
	CGO_ENABLED=0 $(BENCH_FIT_GO)/bench-fit-wazero .
	{ nice -n 10 $(BENCH_FIT)/venv/bin/python bench/fit/bench_python.py $(SCREENSHOT) $(PAGE); \
	  for process in 1 2 3; do nice -n 10 node --expose-gc bench/fit/bench_node.mjs $(SCREENSHOT) $(BENCH_FIT)/npm/node_modules; done; \
	  nice -n 10 $(BENCH_FIT)/go/bench-fit-cgo -peer $(SCREENSHOT); \
	  nice -n 10 $(BENCH_FIT)/go/bench-fit-wazero $(SCREENSHOT); } \
	  | tee $(BENCH_FIT)/results.jsonl | python3 bench/fit/table.py

# ---- Token estimate benchmark (bench/tokens; not part of `make test`) ---------------------------
# The text approximation of estimate_tokens against the o200k_base tokenizer (js-tiktoken, pinned
# in bench/tokens and installed under .build/bench-tokens), and the cost of estimate_tokens per
# small call, through the native Node addon.
BENCH_TOKENS := $(BUILD)/bench-tokens
.PHONY: bench-tokens

$(BENCH_TOKENS)/npm/.ok: bench/tokens/package.json bench/tokens/package-lock.json
	rm -rf $(BENCH_TOKENS)/npm && mkdir -p $(BENCH_TOKENS)/npm
	cp bench/tokens/package.json bench/tokens/package-lock.json $(BENCH_TOKENS)/npm/
	cd $(BENCH_TOKENS)/npm && npm ci --no-audit --no-fund
	touch $@

bench-tokens: $(BENCH_TOKENS)/npm/.ok ## Token estimates: the text approximation's error against o200k_base, and the cost of estimate_tokens per small call
	$(MAKE) -C bindings-node build PROFILE=release
	nice -n 10 node bench/tokens/bench.mjs $(BENCH_TOKENS)/npm/node_modules

# ---- End-to-end suite (conformance/e2e/README.md) ----------------------------------------------
# Real MCP servers -> each binding -> the official provider SDKs -> one capture server on
# 127.0.0.1. Installs are cached under .build/e2e (npm, venv, Go module cache) and reused.
# npm install (from the lock), not npm ci: @github/copilot-sdk lists platform packages that the
# lock cannot hold (as in bindings-node); --omit=optional skips them and the Copilot runtime.
E2E := $(BUILD)/e2e
E2E_NPM := $(E2E)/npm
E2E_VENV := $(E2E)/py-venv
E2E_UV := $(BUILD)/py-tools/bin/uv
E2E_RUN := $(PY) $(ROOT)/conformance/e2e/harness.py --timeout 900 --
E2E_PY_KEY = $$(python3 -c 'import sys; print(sys.version)') $$(sha256sum < bindings-python/tests/e2e/requirements.txt)

.PHONY: e2e e2e-assets e2e-npm e2e-python e2e-node e2e-go

e2e: e2e-python e2e-node e2e-go ## End-to-end: MCP servers -> bindings -> official provider SDKs -> local capture server

e2e-assets: $(SCREENSHOT)
	python3 conformance/e2e/make_assets.py --check

$(SCREENSHOT): conformance/e2e/make_screenshot.py
	@mkdir -p $(dir $@)
	python3 conformance/e2e/make_screenshot.py $@

$(E2E_NPM)/.ok: conformance/e2e/package.json conformance/e2e/package-lock.json
	rm -rf $(E2E_NPM) && mkdir -p $(E2E_NPM)
	cp conformance/e2e/package.json conformance/e2e/package-lock.json $(E2E_NPM)/
	cd $(E2E_NPM) && npm install --omit=optional --ignore-scripts --no-audit --no-fund
	touch $@

# The links are made only when missing or wrong, so the e2e steps of both lanes may run this.
e2e-npm: $(E2E_NPM)/.ok e2e-assets $(VENV)/.ok
	for link in conformance/e2e/node_modules bindings-node/test/e2e/node_modules; do \
	  [ "$$(readlink $$link)" = $(E2E_NPM)/node_modules ] || ln -sfn $(E2E_NPM)/node_modules $$link; \
	done

e2e-python: e2e-npm
	$(MAKE) -C bindings-python build
	key="$(E2E_PY_KEY)"; if [ "$$(cat $(E2E_VENV)/.key 2>/dev/null)" != "$$key" ]; then \
	  rm -rf $(E2E_VENV) && $(E2E_UV) venv -q --python python3 $(E2E_VENV) && \
	  $(E2E_UV) pip install -q --python $(E2E_VENV)/bin/python -r bindings-python/tests/e2e/requirements.txt && \
	  echo "$$key" > $(E2E_VENV)/.key; fi
	$(E2E_UV) pip install -q --python $(E2E_VENV)/bin/python --reinstall-package mcp-tool-result --no-deps \
	  target/wheels/dev/mcp_tool_result-*.whl
	cd bindings-python && $(E2E_RUN) $(E2E_VENV)/bin/python -m pytest -p no:cacheprovider -q -rxX \
	  -c tests/e2e/pytest.ini ../conformance/e2e/test_check.py tests/e2e/e2e_sdks.py tests/e2e/e2e_snippets.py

# tsc emits even with type errors (the test "compile under tsc --strict" judges those).
e2e-node: e2e-npm
	$(MAKE) -C bindings-node build
	ln -sfn $(ROOT)/bindings-node $(E2E_NPM)/node_modules/mcp-tool-result
	rm -rf $(E2E_NPM)/dist
	node $(E2E_NPM)/node_modules/typescript/bin/tsc -p bindings-node/test/e2e/tsconfig.json > /dev/null \
	  || test -f $(E2E_NPM)/dist/e2e.test.js
	$(E2E_RUN) node --test $(E2E_NPM)/dist/e2e.test.js

# A module of its own (bindings-go/e2e/go.mod): the SDKs never enter the binding's go.mod.
E2E_GO_ENV := GOTOOLCHAIN=local GOMODCACHE=$(E2E)/gomodcache GOFLAGS=-modcacherw CGO_ENABLED=1

# The cgo static library is built here only where the repository does not commit it.
E2E_GO_LIB := bindings-go/mcptoolresult/lib/linux_amd64/libmcp_tool_result_ffi.a

e2e-go: e2e-npm
	git ls-files --error-unmatch $(E2E_GO_LIB) > /dev/null 2>&1 || $(MAKE) -C bindings-go build
	cd bindings-go/e2e && env $(E2E_GO_ENV) go vet ./...
	cd bindings-go/e2e && env $(E2E_GO_ENV) $(E2E_RUN) go test -count=1 ./...

# ---- Playground (playground/README.md) ---------------------------------------------------------
# A static page on the npm package's browser build; esbuild and playwright-core are pinned in
# playground/package-lock.json and installed once into .build (playwright-core never downloads a
# browser: the test drives Debian's chromium, installed on first use).
PLAYGROUND := $(BUILD)/playground
PLAYGROUND_TOOLS := $(BUILD)/playground-tools

.PHONY: playground playground-serve test-playground

$(PLAYGROUND_TOOLS)/.ok: playground/package.json playground/package-lock.json
	rm -rf $(PLAYGROUND_TOOLS) && mkdir -p $(PLAYGROUND_TOOLS)
	cp playground/package.json playground/package-lock.json $(PLAYGROUND_TOOLS)/
	cd $(PLAYGROUND_TOOLS) && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund >&2
	touch $@

playground: $(PLAYGROUND_TOOLS)/.ok ## Build the playground page into .build/playground (open it with `make playground-serve`)
	$(MAKE) -C bindings-node/wasm build
	node playground/build.mjs --tools $(PLAYGROUND_TOOLS) --out $(PLAYGROUND)

playground-serve: playground ## Serve the playground on http://127.0.0.1:8000/ (PORT=...) until Ctrl-C
	node playground/serve.mjs $(PLAYGROUND) $(or $(PORT),8000)

test-playground: playground ## The playground in headless Chromium against the native addon (apt-installs chromium when missing)
	$(MAKE) -C bindings-node build
	command -v chromium >/dev/null || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } >&2
	PLAYGROUND=$(PLAYGROUND) PLAYGROUND_TOOLS=$(PLAYGROUND_TOOLS) node --test playground/test/*.test.mjs

# ---- Release artifacts for every platform (.ci/dist; the target list + version: Cargo.toml) ----
# `make dist` cross-builds the Python wheels + sdist, the npm platform packages + main package and
# the Go static libraries into .build/dist (MANIFEST.md); `make dist-check` verifies them.
DIST_TOOLS := $(BUILD)/dist-tools
# What dist-check runs aarch64 Linux binaries with, and reads every object format with.
DIST_APT := qemu-user-static libc6-arm64-cross
# apt needs root: sudo where make does not run as root (CI runners).
DIST_SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: dist dist-check check-dist-config dist-config dist-tools

check-dist-config: ## Packaging files and the release workflow agree with the target list and version in Cargo.toml
	python3 .ci/dist/config.py

dist-config: ## Regenerate bindings-node/npm/* and .github/workflows/release.yml from the target list
	python3 .ci/dist/config.py --write

$(DIST_TOOLS)/.ok: .ci/dist/requirements.txt
	rm -rf $(DIST_TOOLS)
	python3 -m venv $(DIST_TOOLS)
	$(DIST_TOOLS)/bin/pip install -q --disable-pip-version-check -r .ci/dist/requirements.txt
	ln -sf "$$($(DIST_TOOLS)/bin/python -c 'import os, ziglang; print(os.path.dirname(ziglang.__file__))')/zig" $(DIST_TOOLS)/bin/zig
	touch $@

dist-tools: $(DIST_TOOLS)/.ok
	rustup target add $$(python3 .ci/dist/targets.py) >/dev/null
	rustup component add llvm-tools >/dev/null
	cargo fetch --locked >/dev/null

dist: dist-tools check-dist-config ## Build every binding for every target into .build/dist (MANIFEST.md: file, platform, size, sha256)
	python3 .ci/dist/build.py

dist-check: dist-tools conformance-images ## Verify .build/dist: tags, file types, entry points, glibc <= 2.17, musl, aarch64 conformance under qemu
	dpkg -s $(DIST_APT) >/dev/null 2>&1 || { $(DIST_SUDO) apt-get update -q && $(DIST_SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(DIST_APT); } >&2
	python3 .ci/dist/check.py

# ---- Cross-check (conformance/crosscheck/README.md): every build, every door, one outcome -------
# A matrix of target names, option sets made from the catalog and inputs that trip each kind of
# error and repair goes through every build's doors; compare.py fails on any disagreement.
CROSSCHECK := $(BUILD)/crosscheck
CROSSCHECK_BUILDS := python node node-wasm go go-wazero

crosscheck: ## Every build (Python, Node native and wasm, Go cgo and wazero) gives one outcome per case of a matrix of targets, options and inputs, through every door
	@mkdir -p $(CROSSCHECK)
	cargo run -q -p mcp-tool-result --features cli -- catalog > $(CROSSCHECK)/catalog.json
	python3 conformance/crosscheck/cases.py $(CROSSCHECK)/catalog.json > $(CROSSCHECK)/cases.jsonl
	$(MAKE) -s -C bindings-python crosscheck CROSSCHECK_CASES=$(CROSSCHECK)/cases.jsonl > $(CROSSCHECK)/python.jsonl
	$(MAKE) -s -C bindings-node crosscheck CROSSCHECK_CASES=$(CROSSCHECK)/cases.jsonl > $(CROSSCHECK)/node.jsonl
	$(MAKE) -s -C bindings-node crosscheck CROSSCHECK_CASES=$(CROSSCHECK)/cases.jsonl CROSSCHECK_WASM=1 > $(CROSSCHECK)/node-wasm.jsonl
	$(MAKE) -s -C bindings-go crosscheck CROSSCHECK_CASES=$(CROSSCHECK)/cases.jsonl > $(CROSSCHECK)/go.jsonl
	$(MAKE) -s -C bindings-go crosscheck CROSSCHECK_CASES=$(CROSSCHECK)/cases.jsonl CGO_ENABLED=0 > $(CROSSCHECK)/go-wazero.jsonl
	python3 conformance/crosscheck/compare.py $(CROSSCHECK)/cases.jsonl $(CROSSCHECK) $(CROSSCHECK_BUILDS)

# ---- The core's catalog (core/src/catalog.rs): every list of targets, options and codes ---------
# `.ci/gen/catalog.py` generates the bindings' type lists, the fixture schema's code enums and the
# READMEs' lists from `mcp-tool-result catalog` (the debug CLI build), or checks them.
.PHONY: generate check-generated

generate: ## Regenerate every list of targets, options and codes from the core's catalog
	python3 .ci/gen/catalog.py --write

check-generated: ## Fail when a list of targets, options or codes differs from the core's catalog
	python3 .ci/gen/catalog.py

# ---- Leak soak, concurrency and hostile values (conformance/soak/README.md) -------------------
# Each binding's tests (run by `make test`) hold short versions: a few thousand conversions of
# the driver's workload, a few hundred mutated inputs, threads/workers/goroutines against the
# serial outcomes. `make soak` runs the leak soak of every build with SOAK_N conversions, one
# at a time under nice, then the hostile-value tests with SOAK_HOSTILE mutated inputs (and as
# many from the fuzz corpus when there is one); the figures go to .build/soak/*.log.
# `make leak-check` runs the core's tests under LeakSanitizer.
SOAK_N ?= 1000000
SOAK_HOSTILE ?= 5000
# The fuzz corpus of `convert` (made by `make fuzz`), read by the hostile-value tests when present.
SOAK_CORPUS ?= $(wildcard $(ROOT)/core/fuzz/corpus/convert)
SOAK := $(BUILD)/soak
SOAK_VENV := $(SOAK)/venv
# $(call soak_go,<CGO_ENABLED>,<log>): Go's soak and mutated inputs on one backend.
soak_go = cd bindings-go && CGO_ENABLED=$(1) SOAK_N=$(SOAK_N) SOAK_HOSTILE=$(SOAK_HOSTILE) SOAK_CORPUS=$(SOAK_CORPUS) \
  nice -n 10 go test -count=1 -timeout 0 -v -run '^TestSoak(HostileMutated)?$$' ./mcptoolresult/ 2>&1 \
  | sed 's/^ *soak[a-z_]*_test.go:[0-9]*: //' | tee $(SOAK)/$(2).log
SOAK_PYTEST := cd bindings-python && SOAK_N=$(SOAK_N) SOAK_HOSTILE=$(SOAK_HOSTILE) SOAK_CORPUS=$(SOAK_CORPUS) nice -n 10 $(SOAK_VENV)/bin/python -m pytest -p no:cacheprovider -q -s

.PHONY: soak soak-python soak-node soak-go leak-check

soak: soak-python soak-node soak-go ## Leak soak (SOAK_N conversions, RSS bound) of Python, Node native + wasm, Go cgo + wazero; hostile values (SOAK_HOSTILE)
	@grep -h '^soak \|^hostile ' $(SOAK)/*.log

soak-python:
	@mkdir -p $(SOAK)
	$(MAKE) -C bindings-python build PROFILE=release
	[ -x $(SOAK_VENV)/bin/python ] || python3 -m venv $(SOAK_VENV)
	$(SOAK_VENV)/bin/pip install -q --disable-pip-version-check pytest==9.2.0
	$(SOAK_VENV)/bin/pip install -q --disable-pip-version-check --force-reinstall --no-deps target/wheels/release/mcp_tool_result-*.whl
	$(SOAK_PYTEST) tests/test_soak.py tests/test_soak_hostile.py 2>&1 | tee $(SOAK)/python.log

soak-node:
	@mkdir -p $(SOAK)
	$(MAKE) -C bindings-node build PROFILE=release
	for build in native wasm; do \
	  SOAK_N=$(SOAK_N) nice -n 10 node --expose-gc bindings-node/test/soak.mjs $$build; \
	done 2>&1 | tee $(SOAK)/node.log
	SOAK_HOSTILE=$(SOAK_HOSTILE) SOAK_CORPUS=$(SOAK_CORPUS) nice -n 10 node --test --test-reporter=spec bindings-node/test/soak-hostile.test.mjs 2>&1 \
	  | tee -a $(SOAK)/node.log | grep '^hostile '

soak-go:
	@mkdir -p $(SOAK)
	$(call soak_go,1,go)
	$(call soak_go,0,go-wazero)

# The core's unit, conformance and no-panic tests built with LeakSanitizer (nightly; its
# runtime ships with the toolchain): any leak at exit fails the run.
leak-check: $(IMAGES_STAMP) ## The core's tests under LeakSanitizer (nightly Rust)
	CARGO_TARGET_DIR=$(ROOT)/target/lsan RUSTFLAGS=-Zsanitizer=leak RUSTDOCFLAGS=-Zsanitizer=leak \
	  nice -n 10 cargo +nightly test -p mcp-tool-result --release --target $(HOST_TRIPLE) --lib --test conformance --test no_panic --test host_text

# --- Fuzzing and memory bounds (core/fuzz: its own cargo workspace) -----------------------------
# `make fuzz FUZZ_SECONDS=N` runs every cargo-fuzz target for N seconds (nightly, libFuzzer +
# AddressSanitizer), starting from seeds built from the conformance fixtures and images; crashes
# land in core/fuzz/artifacts/<target>/. `fuzz-replay` (in `make test`) replays the seeds and every
# input pinned in core/fuzz/regressions/ on stable, plus the cheap memory-bound checks.
FUZZ_DIR := core/fuzz
FUZZ_TOOLS := $(CURDIR)/.build/fuzz-tools
CARGO_FUZZ_VERSION := 0.13.2
FUZZ_TARGETS := json_parse convert extract_images fit_image
FUZZ_SECONDS ?= 60

.PHONY: fuzz fuzz-build fuzz-replay memory-bounds

$(FUZZ_TOOLS)/bin/cargo-fuzz:
	nice -n 10 cargo install cargo-fuzz --locked --version $(CARGO_FUZZ_VERSION) --root $(FUZZ_TOOLS)

fuzz-build: $(FUZZ_TOOLS)/bin/cargo-fuzz
	rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
	PATH="$(FUZZ_TOOLS)/bin:$$PATH" nice -n 10 cargo +nightly fuzz build --fuzz-dir $(FUZZ_DIR) --features libfuzzer

fuzz: fuzz-build ## Run every fuzz target for FUZZ_SECONDS seconds each (nightly cargo-fuzz, under nice)
	cd $(FUZZ_DIR) && cargo run --locked -q --bin seed-corpus -- corpus
	for t in $(FUZZ_TARGETS); do \
	  PATH="$(FUZZ_TOOLS)/bin:$$PATH" nice -n 10 cargo +nightly fuzz run --fuzz-dir $(FUZZ_DIR) --features libfuzzer $$t \
	    $(CURDIR)/$(FUZZ_DIR)/corpus/$$t -- -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=60 -print_final_stats=1 || exit 1; \
	done

# It builds in the root's target/ with the root's core features, so the core and its dependencies
# compile once for it and the core's tests.
fuzz-replay: ## Replay the fuzz seeds and pinned regressions, and check the memory bounds at small sizes (stable)
	cd $(FUZZ_DIR) && CARGO_TARGET_DIR=$(ROOT)/target cargo test --locked --features $(CORE_FEATURES)

memory-bounds: ## Peak heap per conversion: 100 MB results, 1,000,000 blocks, 100,000-deep nesting, >50 MP headers
	cd $(FUZZ_DIR) && nice -n 10 cargo run --locked -q --release --bin memory-bounds
