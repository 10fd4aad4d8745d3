#!/bin/bash -eu
# Checks what build.sh left in $OUT the way the engines will use it: every target binary,
# its options file and seed corpus are there, and each binary runs over its whole seed corpus
# with its options (-runs=0: every seed once, no mutation) without crashing.
: "${OUT:?}" "${WORK:?}"
cd "$(dirname "$0")/.."
for source in fuzz/fuzz_targets/*.rs; do
  target=$(basename "${source%.rs}")
  for file in "$target" "$target.options" "${target}_seed_corpus.zip"; do
    [ -s "$OUT/$file" ] || { echo "check_out: $OUT/$file is missing" >&2; exit 1; }
  done
  flags=()
  while IFS=' =' read -r key value; do
    case "$key" in
      dict) flags+=("-dict=$OUT/$value") ;;
      max_len) flags+=("-max_len=$value") ;;
    esac
  done < "$OUT/$target.options"
  seeds="$WORK/check/$target"
  rm -rf "$seeds" && mkdir -p "$seeds" && unzip -q "$OUT/${target}_seed_corpus.zip" -d "$seeds"
  count=$(find "$seeds" -type f | wc -l)
  "$OUT/$target" -runs=0 "${flags[@]}" "$seeds" > "$WORK/check/$target.log" 2>&1 || {
    echo "check_out: $target failed on its seeds (log: $WORK/check/$target.log)" >&2
    tail -20 "$WORK/check/$target.log" >&2
    exit 1
  }
  echo "check_out: $target ok ($count seeds, ${flags[*]})"
done
