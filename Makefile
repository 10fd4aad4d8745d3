# urldiff — see README.md. Every target fetches what it needs itself.
CARGO ?= cargo
NODE_ORACLE_DIR := oracles/node

.PHONY: fetch test conform report bless bench fmt lint node-deps serve fuzz-tools fuzz fuzz-seeds fuzz-build nightly nightly-build nightly-command fuzz-campaign-build

fetch:
	$(CARGO) fetch

# Node oracles' npm packages, only when node and npm exist (skipped with one line otherwise);
# again whenever the lockfile is newer than the installed tree (a package added to it).
node-deps:
	@if [ -f $(NODE_ORACLE_DIR)/package-lock.json ] && command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then \
		[ $(NODE_ORACLE_DIR)/node_modules/.package-lock.json -nt $(NODE_ORACLE_DIR)/package-lock.json ] || (cd $(NODE_ORACLE_DIR) && npm ci --no-audit --no-fund --silent); \
	else echo "node oracles: skipped (node/npm not found or no lockfile)"; fi

# One cargo invocation, one build: the parser's `trace` feature (it only records states) is on
# for the whole test build, so its tests run with the others instead of rebuilding the
# workspace a second time. `make lint` checks with the same features. Then the fuzz workspace
# replays its seeds (and tests its structured URL description).
TEST_FEATURES := --features urldiff-parser/trace

test: fetch node-deps
	$(CARGO) test --workspace --no-fail-fast $(TEST_FEATURES)
	$(CARGO) test --manifest-path fuzz/Cargo.toml

# The conformance gate: every suite x every oracle, checked against corpus/expected/.
# Exits with urldiff's code: 0 nothing unexpected, 1 divergent or stale ledger, 2 harness error.
TARGET_DIR ?= $(or $(CARGO_TARGET_DIR),target)
URLDIFF := $(TARGET_DIR)/release/urldiff
CONFORM_OUT := out/conform

# No `cargo fetch` first: the build downloads whatever crate it misses itself (and works
# offline when they are all there), and a no-op fetch costs every warm run about 0.1 s.
# Nor a no-op build (0.15 s): .ci/release-build runs cargo only when the binary is missing or
# something cargo could see changed since it last ran there (the script says what it checks).
QUIET_IF_SILENT = $(if $(findstring s,$(firstword -$(MAKEFLAGS))),--quiet)
conform: node-deps
	@.ci/release-build $(QUIET_IF_SILENT) $(URLDIFF) $(CARGO) build --release -p urldiff
	@mkdir -p $(CONFORM_OUT)
	$(URLDIFF) conform --json $(CONFORM_OUT)/run.json --junit $(CONFORM_OUT)/junit.xml --matrix $(CONFORM_OUT)/matrix.txt \
		--markdown $(CONFORM_OUT)/report.md --html $(CONFORM_OUT)/report.html

# The RFC-vs-WHATWG report: reports/rfc-vs-whatwg.md (committed; `make test` checks that its
# deterministic part, everything outside the real-parsers blocks, is current) and
# out/reports/rfc-vs-whatwg.html. The real parsers' columns come from the runtimes found here;
# a missing one says "unavailable".
report: fetch node-deps
	$(CARGO) build --release -p urldiff
	@mkdir -p out/reports
	$(URLDIFF) report --rfc-vs-whatwg --markdown reports/rfc-vs-whatwg.md --html out/reports/rfc-vs-whatwg.html

# Rewrite corpus/expected/ to match a run and print what changed (review the diff!).
bless: fetch node-deps
	$(CARGO) build --release -p urldiff
	$(URLDIFF) conform --bless

# Speed, as rates and ratios against competitors in the same run (no timing assertions
# anywhere): the reference parser vs rust-url and ada, then every in-process oracle's rate,
# then `urldiff compare --jsonl` over 1,000 inputs against separate `compare --json` runs,
# then warm `urldiff conform` with every oracle against the 12 oracles of before (answer cache),
# then `urldiff serve` under 8 concurrent clients (rate, p50/p90/p99) against separate runs,
# then under 1,000 stalled connections and 200 clients (their p99, the server's memory),
# then against 20 clients that send batches and never read (the server's peak memory and
# after), then the peak memory of `urldiff report` on a generated run.json of 1 M divergences
# and of `urldiff triage` on 200,000 and 1,000,000 generated lines (with the time per line),
# then the minimizer on 200-code-point inputs and triage of 10,000 divergent inputs, then the
# differential fuzz target's check against the three parsers' summed time (its ideal).
bench: fetch node-deps
	$(CARGO) bench -p urldiff-parser --bench throughput
	$(CARGO) bench -p urldiff-parser --bench long_inputs
	$(CARGO) bench -p urldiff-oracles --bench oracle_rates
	$(CARGO) bench -p urldiff-oracles --bench subprocess
	$(CARGO) bench -p urldiff --bench compare_batch
	$(CARGO) bench -p urldiff --bench conform_warm
	$(CARGO) bench -p urldiff --bench serve_load
	$(CARGO) bench -p urldiff --bench serve_soak
	$(CARGO) bench -p urldiff --bench serve_unread
	$(CARGO) bench -p urldiff --bench report_memory
	$(CARGO) bench -p urldiff --bench triage_memory
	$(CARGO) bench -p urldiff-triage --bench minimize
	$(CARGO) bench -p urldiff-triage --bench triage
	$(CARGO) bench --manifest-path $(FUZZ_MANIFEST) --bench differential_rate

# The live viewer, the runs dashboard and the JSON API on http://127.0.0.1:8484/ (loopback;
# SERVE_ARGS="--addr 127.0.0.1:9000 --runs DIR" for others). Ctrl-C stops it.
SERVE_ARGS ?=
serve: fetch node-deps
	$(CARGO) build --release -p urldiff
	$(URLDIFF) serve $(SERVE_ARGS)

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets $(TEST_FEATURES) -- -D warnings
	$(CARGO) fmt --manifest-path fuzz/Cargo.toml -- --check
	$(CARGO) clippy --manifest-path fuzz/Cargo.toml --all-targets -- -D warnings

fmt:
	$(CARGO) fmt --all
	$(CARGO) fmt --manifest-path fuzz/Cargo.toml

# ---- Fuzzing (fuzz/ is its own cargo workspace; see docs/fuzzing.md) ----
# Only a stable toolchain exists: cargo-fuzz's nightly-only flags (-Zsanitizer=...) are accepted
# with RUSTC_BOOTSTRAP=1.
FUZZ_ENV := RUSTC_BOOTSTRAP=1
FUZZ_MANIFEST := fuzz/Cargo.toml
FUZZ_SEEDS := $(CARGO) run --quiet --manifest-path $(FUZZ_MANIFEST) --bin urldiff-fuzz-seeds --
TARGET ?= roundtrip
DURATION ?= 60
# Extra libFuzzer flags, e.g. FUZZ_ARGS=-fork=2
FUZZ_ARGS ?=

fuzz-tools:
	@command -v cargo-fuzz >/dev/null 2>&1 || $(CARGO) fuzz --version >/dev/null 2>&1 || \
		$(CARGO) install cargo-fuzz --locked

# Seed corpora for every target in fuzz/corpus/<target>/ (gitignored), from WPT and the RFC tables.
fuzz-seeds: fetch
	$(FUZZ_SEEDS) corpus

# One target for DURATION seconds with its dictionary and max_len:
#   make fuzz TARGET=roundtrip DURATION=60
# Crashes land in fuzz/artifacts/<target>/, findings in fuzz/findings/<target>/.
fuzz: fuzz-tools fuzz-seeds
	$(FUZZ_ENV) $(CARGO) fuzz run $(TARGET) fuzz/corpus/$(TARGET) -- \
		-max_total_time=$(DURATION) $$($(FUZZ_SEEDS) flags $(TARGET)) $(FUZZ_ARGS)

# .clusterfuzzlite/build.sh run here as ClusterFuzzLite/OSS-Fuzz run it, with $$SRC, $$OUT and
# $$WORK in a temporary folder, then every built target run over its seed corpus.
fuzz-build: fuzz-tools fetch
	@tmp=$$(mktemp -d) && mkdir -p $$tmp/src $$tmp/out $$tmp/work && ln -s $(CURDIR) $$tmp/src/urldiff && \
	echo "fuzz-build: SRC=$$tmp/src OUT=$$tmp/out WORK=$$tmp/work" && \
	SRC=$$tmp/src OUT=$$tmp/out WORK=$$tmp/work $(FUZZ_ENV) bash .clusterfuzzlite/build.sh && \
	OUT=$$tmp/out WORK=$$tmp/work bash .clusterfuzzlite/check_out.sh && \
	ls $$tmp/out && rm -rf $$tmp

# A nightly campaign (docs/fuzzing.md, "Nightly campaigns"): the targets for DURATION (8h, 10m, 60s…) in
# out/fuzz, resumed if a previous one was killed, then triaged into out/fuzz/report.*.
# urldiff exits 0 for no new group, 1 for new groups, 2 for a harness error, but make turns
# every failure into its own 2: cron runs `.ci/nightly` (the same variables), which builds with
# `make nightly-build` and then runs `make nightly-command`'s command itself, exiting with
# urldiff's code.
NIGHTLY_OUT ?= out/fuzz
JOBS ?= 2
TARGETS ?= differential structured

# The fuzz binaries `urldiff fuzz` runs (it builds them itself unless --no-build): each target
# without AddressSanitizer in fuzz/target/campaign (see campaign/src/libfuzzer.rs for why),
# and the seeds tool, an ordinary program, in fuzz/target/debug.
FUZZ_TARGETS := differential structured roundtrip setters rfc_split validity
fuzz-campaign-build: fuzz-tools fetch
	for t in $(FUZZ_TARGETS); do \
		$(FUZZ_ENV) $(CARGO) fuzz build -O --debug-assertions -s none --target-dir fuzz/target/campaign $$t || exit 1; \
	done
	$(CARGO) build --manifest-path $(FUZZ_MANIFEST) --bin urldiff-fuzz-seeds

NIGHTLY_FUZZ = $(URLDIFF) fuzz $(foreach t,$(TARGETS),--target $(t)) --duration $(DURATION) --jobs $(JOBS) --out $(NIGHTLY_OUT)

nightly-build: fetch node-deps fuzz-tools
	$(CARGO) build --release -p urldiff

nightly: nightly-build
	$(NIGHTLY_FUZZ)

nightly-command:
	@echo '$(NIGHTLY_FUZZ)'

