#!/bin/sh
# Runs each fuzz target for $1 seconds (default 600), one after another,
# at the lowest priority; logs go to fuzz/logs/. Needs cargo-fuzz and nightly.
set -e
cd "$(dirname "$0")"
secs=${1:-600}
mkdir -p logs corpus/position_parser corpus/move_parser corpus/protocol_loop corpus/record_reader seeds/record_reader
cp ../crates/songo-core/tests/data/records/*.pgn seeds/record_reader/
nice -n 19 cargo +nightly fuzz run position_parser corpus/position_parser seeds/position_parser -- \
    -dict=position.dict -max_total_time="$secs" -max_len=256 -timeout=20 > logs/position_parser.log 2>&1
nice -n 19 cargo +nightly fuzz run move_parser corpus/move_parser seeds/move_parser -- \
    -max_total_time="$secs" -max_len=16 -timeout=20 > logs/move_parser.log 2>&1
nice -n 19 cargo +nightly fuzz run protocol_loop corpus/protocol_loop seeds/protocol_loop -- \
    -dict=protocol.dict -max_total_time="$secs" -max_len=2048 -timeout=20 > logs/protocol_loop.log 2>&1
nice -n 19 cargo +nightly fuzz run record_reader corpus/record_reader seeds/record_reader -- \
    -max_total_time="$secs" -max_len=8192 -timeout=20 > logs/record_reader.log 2>&1
# The same without a sanitizer: ten times the executions (the code under
# test is safe Rust except the table allocation, which the run above checks).
nice -n 19 cargo +nightly fuzz run --sanitizer none protocol_loop corpus/protocol_loop seeds/protocol_loop -- \
    -dict=protocol.dict -max_total_time="$secs" -max_len=2048 -timeout=20 > logs/protocol_loop_nosan.log 2>&1
