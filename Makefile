# urldiff — see README.md. Every target fetches what it needs itself.
CARGO ?= cargo
NODE_ORACLE_DIR := oracles/node

.PHONY: fetch test conform bless bench fmt lint node-deps fuzz-tools fuzz fuzz-seeds fuzz-build

fetch:
	$(CARGO) fetch

# Node oracles' npm packages, only when node and npm exist (skipped with one line otherwise).
node-deps:
	@if [ -f $(NODE_ORACLE_DIR)/package-lock.json ] && command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then \
		[ -d $(NODE_ORACLE_DIR)/node_modules ] || (cd $(NODE_ORACLE_DIR) && npm ci --no-audit --no-fund --silent); \
	else echo "node oracles: skipped (node/npm not found or no lockfile)"; fi

test: fetch node-deps
	$(CARGO) test --workspace --no-fail-fast
	$(CARGO) test -p urldiff-parser --features trace --test trace

# The conformance gate: every suite x every oracle, checked against corpus/expected/.
# Exits with urldiff's code: 0 nothing unexpected, 1 divergent or stale ledger, 2 harness error.
TARGET_DIR ?= $(or $(CARGO_TARGET_DIR),target)
URLDIFF := $(TARGET_DIR)/release/urldiff
CONFORM_OUT := out/conform

conform: fetch node-deps
	$(CARGO) build --release -p urldiff
	@mkdir -p $(CONFORM_OUT)
	$(URLDIFF) conform --json $(CONFORM_OUT)/run.json --junit $(CONFORM_OUT)/junit.xml --matrix $(CONFORM_OUT)/matrix.txt

# Rewrite corpus/expected/ to match a run and print what changed (review the diff!).
bless: fetch node-deps
	$(CARGO) build --release -p urldiff
	$(URLDIFF) conform --bless

# Speed, as rates and ratios against competitors in the same run (no timing assertions
# anywhere): the reference parser vs rust-url and ada, then every in-process oracle's rate.
bench: fetch
	$(CARGO) bench -p urldiff-parser --bench throughput
	$(CARGO) bench -p urldiff-oracles --bench oracle_rates
	$(CARGO) bench -p urldiff-oracles --bench subprocess

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

fmt:
	$(CARGO) fmt --all

# ---- Fuzzing (fuzz/ is its own cargo workspace; see README "Fuzzing") ----
# Only a stable toolchain exists: cargo-fuzz's nightly-only flags (-Zsanitizer=…) are accepted
# with RUSTC_BOOTSTRAP=1.
FUZZ_ENV := RUSTC_BOOTSTRAP=1
FUZZ_MANIFEST := fuzz/Cargo.toml
TARGET ?= roundtrip
DURATION ?= 60
FUZZ_JOBS ?= 1

fuzz-tools:
	@command -v cargo-fuzz >/dev/null 2>&1 || $(CARGO) fuzz --version >/dev/null 2>&1 || \
		$(CARGO) install cargo-fuzz --locked
