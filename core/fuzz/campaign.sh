#!/bin/sh
# Runs one built fuzz target until it has used CPU_SECONDS of CPU time (not wall time: the
# machine is shared), then stops it with SIGINT so libFuzzer prints its final statistics.
# Usage: [MAX_LEN=N] [FUZZ_FLAGS="-flag=value …"] campaign.sh TARGET CPU_SECONDS [MAX_WALL_SECONDS]   (after `cargo fuzz build`)
# Writes logs/TARGET.log; corpus in corpus/TARGET, crashes in artifacts/TARGET/.
set -eu
cd "$(dirname "$0")"
target=$1 cpu=$2 wall=${3:-3600}
bin=target/x86_64-unknown-linux-gnu/release/$target
mkdir -p logs "artifacts/$target" "corpus/$target"
nice -n 10 "$bin" "corpus/$target" -artifact_prefix="artifacts/$target/" -max_len="${MAX_LEN:-65536}" \
    -timeout=60 -print_final_stats=1 ${FUZZ_FLAGS:-} >"logs/$target.log" 2>&1 &
pid=$!
start=$(date +%s)
tick=$(getconf CLK_TCK)
while kill -0 "$pid" 2>/dev/null; do
    sleep 10
    used=$(awk -v t="$tick" '{print int(($14 + $15) / t)}' "/proc/$pid/stat" 2>/dev/null || echo 0)
    if [ "$used" -ge "$cpu" ] || [ $(($(date +%s) - start)) -ge "$wall" ]; then
        echo "stopping $target after ${used} CPU-s, $(($(date +%s) - start)) s wall" >>"logs/$target.log"
        kill -INT "$pid"
        break
    fi
done
wait "$pid" || true
echo "$target: done; $(ls "artifacts/$target" | wc -l) artifacts" >>"logs/$target.log"
