# urldiff — see README.md. Every target fetches what it needs itself.
CARGO ?= cargo
NODE_ORACLE_DIR := oracles/node

.PHONY: fetch test conform bless bench fmt lint node-deps

fetch:
	$(CARGO) fetch

# Node oracles' npm packages, only when node and npm exist (skipped with one line otherwise).
node-deps:
	@if [ -f $(NODE_ORACLE_DIR)/package-lock.json ] && command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then \
		[ -d $(NODE_ORACLE_DIR)/node_modules ] || (cd $(NODE_ORACLE_DIR) && npm ci --no-audit --no-fund --silent); \
	else echo "node oracles: skipped (node/npm not found or no lockfile)"; fi

test: fetch node-deps
	$(CARGO) test --workspace

# Speed, as rates and ratios against competitors in the same run (no timing assertions
# anywhere): the reference parser vs rust-url and ada, then every in-process oracle's rate.
bench: fetch
	$(CARGO) bench -p urldiff-parser --bench throughput
	$(CARGO) bench -p urldiff-oracles --bench oracle_rates

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

fmt:
	$(CARGO) fmt --all
