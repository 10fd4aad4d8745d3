# urldiff — see README.md. Every target fetches what it needs itself.
CARGO ?= cargo
NODE_ORACLE_DIR := oracles/node

.PHONY: fetch test conform bless bench fmt lint node-deps serve

fetch:
	$(CARGO) fetch

# Node oracles' npm packages, only when node and npm exist (skipped with one line otherwise).
node-deps:
	@if [ -f $(NODE_ORACLE_DIR)/package-lock.json ] && command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then \
		[ -d $(NODE_ORACLE_DIR)/node_modules ] || (cd $(NODE_ORACLE_DIR) && npm ci --no-audit --no-fund --silent); \
	else echo "node oracles: skipped (node/npm not found or no lockfile)"; fi

# One cargo invocation, one build: the parser's `trace` feature is on for the whole test build
# (it only records states), so its test (parser/tests/trace.rs) runs with the others instead of
# rebuilding the workspace a second time. `make lint` checks with the same features.
TEST_FEATURES := --features urldiff-parser/trace

test: fetch node-deps
	$(CARGO) test --workspace --no-fail-fast $(TEST_FEATURES)

# The conformance gate: every suite x every oracle, checked against corpus/expected/.
# Exits with urldiff's code: 0 nothing unexpected, 1 divergent or stale ledger, 2 harness error.
TARGET_DIR ?= $(or $(CARGO_TARGET_DIR),target)
URLDIFF := $(TARGET_DIR)/release/urldiff
CONFORM_OUT := out/conform

conform: fetch node-deps
	$(CARGO) build --release -p urldiff
	@mkdir -p $(CONFORM_OUT)
	$(URLDIFF) conform --json $(CONFORM_OUT)/run.json --junit $(CONFORM_OUT)/junit.xml --matrix $(CONFORM_OUT)/matrix.txt \
		--markdown $(CONFORM_OUT)/report.md --html $(CONFORM_OUT)/report.html

# Rewrite corpus/expected/ to match a run and print what changed (review the diff!).
bless: fetch node-deps
	$(CARGO) build --release -p urldiff
	$(URLDIFF) conform --bless

# Speed, as rates and ratios against competitors in the same run (no timing assertions
# anywhere): the reference parser vs rust-url and ada, then every in-process oracle's rate,
# then `urldiff compare --jsonl` over 1,000 inputs against separate `compare --json` runs,
# then `urldiff serve` under 8 concurrent clients (rate, p50/p90/p99) against separate runs,
# then the minimizer on 200-code-point inputs and triage of 10,000 divergent inputs.
bench: fetch node-deps
	$(CARGO) bench -p urldiff-parser --bench throughput
	$(CARGO) bench -p urldiff-parser --bench long_inputs
	$(CARGO) bench -p urldiff-oracles --bench oracle_rates
	$(CARGO) bench -p urldiff-oracles --bench subprocess
	$(CARGO) bench -p urldiff --bench compare_batch
	$(CARGO) bench -p urldiff --bench serve_load
	$(CARGO) bench -p urldiff-triage --bench minimize
	$(CARGO) bench -p urldiff-triage --bench triage

# The live viewer, the runs dashboard and the JSON API on http://127.0.0.1:8484/ (loopback;
# SERVE_ARGS="--addr 127.0.0.1:9000 --runs DIR" for others). Ctrl-C stops it.
SERVE_ARGS ?=
serve: fetch node-deps
	$(CARGO) build --release -p urldiff
	$(URLDIFF) serve $(SERVE_ARGS)

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets $(TEST_FEATURES) -- -D warnings

fmt:
	$(CARGO) fmt --all
