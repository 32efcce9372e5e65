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
CLI := $(ROOT)/target/release/mcp-tool-result
DEMO_INPUT := $(ROOT)/conformance/demo/browser-screenshot.json
BINDINGS := python node go
export CARGO_TERM_COLOR ?= never

.PHONY: help demo test test-core conformance conformance-rust conformance-peers schema types check-counts \
        test-bindings lint bench cli clean $(addprefix test-,$(BINDINGS)) $(addprefix demo-,$(BINDINGS))

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 20

demo: $(addprefix demo-,$(BINDINGS)) ## Convert the bundled screenshot result in Python, Node and Go; check the outputs are byte-identical
	@for lang in $(BINDINGS); do \
	  cmp -s $(BUILD)/demo/python.txt $(BUILD)/demo/$$lang.txt || { echo "demo: $$lang output differs from python"; diff $(BUILD)/demo/python.txt $(BUILD)/demo/$$lang.txt; exit 1; }; \
	done
	@echo "== input: $(notdir $(DEMO_INPUT)) (text + PNG screenshot + text resource + resource_link)"
	@$(PY) -c 'import sys; \
	[print(line if line.startswith("==") else __import__("json").dumps(__import__("json").loads(line), indent=2, ensure_ascii=False)) for line in open(sys.argv[1]).read().splitlines()]' $(BUILD)/demo/python.txt
	@echo "== python, node and go printed byte-identical output ($$(wc -c < $(BUILD)/demo/python.txt) bytes, sha256 $$(sha256sum $(BUILD)/demo/python.txt | cut -c1-16))"

$(addprefix demo-,$(BINDINGS)): demo-%: $(VENV)/.ok
	@mkdir -p $(BUILD)/demo
	@$(MAKE) -s -C bindings-$* demo DEMO_INPUT=$(DEMO_INPUT) > $(BUILD)/demo/$*.txt

test: lint test-core conformance test-bindings check-counts ## Install what is missing and run every test

cli: ## Build the command-line tool (target/release/mcp-tool-result)
	cargo build --release -p mcp-tool-result --features cli

test-core: ## Core unit, property, doc and CLI tests
	cargo test -p mcp-tool-result --features cli --lib --bins
	cargo test -p mcp-tool-result --doc
	cargo test -p mcp-tool-result --release --features cli --test no_panic --test cli

conformance: schema conformance-rust conformance-peers types ## Fixture schema check, Rust runner, Copilot peer differential test, provider type check

schema: $(VENV)/.ok ## Validate every fixture file against conformance/schema
	$(PY) conformance/check_schema.py

conformance-rust: ## Run every fixture case through the core (value and JSON doors)
	@mkdir -p $(COUNTS)
	CONFORMANCE_COUNT_FILE=$(COUNTS)/rust cargo test -p mcp-tool-result --test conformance

conformance-peers: $(VENV)/.ok ## Compare copilot fixtures with the installed github-copilot-sdk converter
	$(PY) conformance/peers/copilot_py_diff.py

types: ## Type-check every fixture output against the providers' published SDK types (tsc)
	sh conformance/types/check.sh

test-bindings: $(addprefix test-,$(BINDINGS)) ## Build, install and test the Python, Node and Go bindings

$(addprefix test-,$(BINDINGS)): test-%:
	@mkdir -p $(COUNTS)
	$(MAKE) -C bindings-$* test CONFORMANCE_COUNT_FILE=$(COUNTS)/$*

check-counts: ## Fail when a conformance runner ran fewer cases than the Rust runner
	@want=$$(cat $(COUNTS)/rust); status=0; total=$$want; \
	for lang in $(BINDINGS); do \
	  got=$$(cat $(COUNTS)/$$lang 2>/dev/null || echo 0); total=$$((total + got)); \
	  echo "conformance counts: rust $$want, $$lang $$got"; \
	  [ "$$got" -ge "$$want" ] || { echo "conformance: the $$lang runner ran $$got of $$want cases"; status=1; }; \
	done; \
	[ $$status -eq 0 ] && echo "conformance: $$total passed, 0 failed"; exit $$status

lint: $(VENV)/.ok ## cargo fmt, clippy -D warnings, ruff, and each binding's linters
	cargo fmt --all -- --check
	cargo clippy -p mcp-tool-result --all-targets --features cli -- -D warnings
	$(VENV)/bin/ruff check conformance
	for lang in $(BINDINGS); do $(MAKE) -C bindings-$$lang lint; done

bench: ## Criterion benchmarks of the core (with the Copilot Rust crate side by side) and each binding's benchmark
	COPILOT_SKIP_CLI_DOWNLOAD=1 cargo bench -p mcp-tool-result --features peer-bench --bench convert
	for lang in $(BINDINGS); do $(MAKE) -C bindings-$$lang bench; done

$(VENV)/.ok: conformance/requirements.txt
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check -r conformance/requirements.txt
	touch $@

clean: ## Remove build outputs
	cargo clean
	rm -rf $(BUILD)
	for lang in $(BINDINGS); do $(MAKE) -C bindings-$$lang clean; done

# ---- WebAssembly build (bindings-wasm; the npm package's wasm glue in bindings-node/wasm) ----
# For the lead: `test-wasm` belongs in `test`, `lint-wasm` in `lint`, `bench-wasm` in `bench`,
# and check-counts should also read $(COUNTS)/node-wasm (the fifth conformance runner).
# `test-wasm-browser` needs Debian's chromium (installed on first use).
.PHONY: wasm test-wasm test-wasm-browser lint-wasm bench-wasm

wasm: ## Build the WebAssembly module (.build/wasm/mcp_tool_result.wasm)
	$(MAKE) -C bindings-wasm build

test-wasm: ## wasm: ABI smoke test, conformance + API through the wasm build in Node, Workers (workerd) and Deno runtime tests
	@mkdir -p $(COUNTS)
	$(MAKE) -C bindings-wasm test
	$(MAKE) -C bindings-node/wasm test CONFORMANCE_COUNT_FILE=$(COUNTS)/node-wasm
	$(MAKE) -C bindings-node/wasm test-runtimes

test-wasm-browser: ## wasm: the npm package in headless Chromium (apt-installs chromium when missing)
	$(MAKE) -C bindings-node/wasm test-browser

lint-wasm: ## wasm: cargo fmt + clippy for wasm32, tsc on the wasm entry's types
	$(MAKE) -C bindings-wasm lint
	$(MAKE) -C bindings-node/wasm lint

bench-wasm: ## wasm in Node vs the native addon vs @github/copilot-sdk; first call; module size
	$(MAKE) -C bindings-node/wasm bench
