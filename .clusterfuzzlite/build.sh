#!/bin/bash -eu
# Builds urldiff's fuzz targets for ClusterFuzzLite and OSS-Fuzz, and runs the same here
# (`make fuzz-build`). Inputs, as those engines set them:
#   $SRC   the folder holding the checkout as $SRC/urldiff
#   $OUT   where the engine picks up fuzz target binaries, <target>.options, the dictionary
#          and <target>_seed_corpus.zip
#   $WORK  scratch space
# A stable toolchain needs RUSTC_BOOTSTRAP=1 for cargo-fuzz's -Z flags; the builder image's
# nightly does not.

cd "$SRC/urldiff"

# The WPT data the seeds are made from ships in the ada-url package: put it in the registry.
cargo fetch

# The targets: libFuzzer and AddressSanitizer, release mode with debug assertions. The engines
# report only crashes, so a divergence panics with its signature (crash-on-divergence).
cargo fuzz build -O --debug-assertions --features crash-on-divergence
targets=()
for source in fuzz/fuzz_targets/*.rs; do
  target=$(basename "${source%.rs}")
  targets+=("$target")
  cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
done

# The dictionary, each target's options (max_len, dict) and seed corpus: only the seeds that
# find nothing, since with crash-on-divergence a seed with a finding would crash at once. The
# seeds tool is an ordinary program: build it without the engines' sanitizer flags, in its own
# target folder.
cp corpus/fuzz/url.dict "$OUT/url.dict"
seeds_tool() {
  env -u RUSTFLAGS -u CFLAGS -u CXXFLAGS -u RUSTC_WRAPPER \
    cargo run --quiet --manifest-path fuzz/Cargo.toml --target-dir "$WORK/seeds-target" \
    --bin urldiff-fuzz-seeds -- "$@"
}
seeds_tool options --out "$OUT" --dict url.dict
rm -rf "$WORK/seeds"
seeds_tool corpus --without-findings --out "$WORK/seeds"
for target in "${targets[@]}"; do
  rm -f "$OUT/${target}_seed_corpus.zip"
  (cd "$WORK/seeds/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
echo "build.sh: ${#targets[@]} targets in $OUT: ${targets[*]}"
