#!/usr/bin/env bash
# Builds and runs Octet's libFuzzer targets (one at a time: the machines are shared).
#
#   ./fuzz.sh TARGET SECONDS     one target, e.g. ./fuzz.sh FuzzVerify 600
#   ./fuzz.sh all SECONDS        every target in turn, SECONDS each
#   ./fuzz.sh ci                 every target for 25 s (CI: catches regressions, not new bugs)
#   ./fuzz.sh campaign TARGET CPU_SECONDS   one target until the fuzzer itself has used
#                                CPU_SECONDS of CPU (user + system), however long that takes on a
#                                shared machine; prints one record line for docs/security.md
#   ./fuzz.sh replay TARGET FILE...  runs inputs once (a crasher, a FailCases/ file)
#   ./fuzz.sh list               the target names
#
# Corpora live in FuzzTesting/Corpus/TARGET (not committed; the seeds, made from the issuer and
# our encoders, are written into it on every run); crashes land in FuzzTesting/Artifacts/TARGET/. A crash exits non-zero.
# Add every crasher to FailCases/TARGET/ (committed): the main package's FuzzRegressionTests
# replays them under `swift test`.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
targets=(FuzzProofDecoder FuzzVerify FuzzManifest FuzzDER FuzzCBOR FuzzRequest FuzzRevocationList FuzzArguments FuzzCertificate FuzzRevocationRecord)
# The Swift backtracer can hang after a crash under libFuzzer.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"

# `--sanitize fuzzer --sanitize address` passes two `-sanitize=` flags whose order varies from run
# to run (SwiftPM keeps them in a Set), and swiftc honours only the last: objects then get either
# coverage or AddressSanitizer, not both. `--sanitize fuzzer` tells SwiftPM to link a fuzzer (no
# `main` of its own); the trailing `-Xswiftc -sanitize=fuzzer,address` is what every object gets.
flags=(--sanitize fuzzer -Xswiftc -sanitize=fuzzer,address)

build() {
    # One product per invocation: SwiftPM builds a single --product.
    for target in "$@"; do
        swift build "${flags[@]}" --product "$target" 2>&1 \
            | grep -Ev "warning: Cannot export local symbol|^\[" || true
        # A binary without coverage counters would fuzz blind: refuse it.
        # (grep without -q: with pipefail, -q's early exit would fail readelf with SIGPIPE.)
        if ! readelf -S "$(bin "$target")" | grep __sancov_cntrs >/dev/null; then
            echo "$target was built without coverage instrumentation" >&2
            exit 70
        fi
    done
}

bin() { echo "$(swift build "${flags[@]}" --show-bin-path)/$1"; }

max_len() {
    case "$1" in
        FuzzProofDecoder | FuzzVerify) echo 65536 ;;
        *) echo 16384 ;;
    esac
}

run() {
    local target="$1" seconds="$2"
    local corpus="$here/Corpus/$target" artifacts="$here/Artifacts/$target/"
    mkdir -p "$corpus" "$artifacts"
    local exe
    exe="$(bin "$target")"
    # Seeds (seed-NNN) are rewritten on every run, so new seed shapes reach an existing corpus.
    OCTET_FUZZ_WRITE_SEEDS="$corpus" "$exe" >/dev/null 2>&1 || true
    # Regression inputs join the corpus so the fuzzer starts from what once broke.
    if [ -d "$here/FailCases/$target" ]; then cp -n "$here/FailCases/$target"/* "$corpus"/ 2>/dev/null || true; fi
    echo "== $target for ${seconds}s ($(ls "$corpus" | wc -l) corpus files)"
    local start=$SECONDS
    if "$exe" "$corpus" -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=10 \
        -rss_limit_mb=2048 -artifact_prefix="$artifacts" -print_final_stats=1 >"$here/Artifacts/$target.log" 2>&1; then
        echo "   ok in $((SECONDS - start))s: $(grep -E '^#[0-9]+.*DONE' "$here/Artifacts/$target.log" | tail -1)"
    else
        echo "   FOUND A CRASH in $target: see $here/Artifacts/$target.log and $artifacts" >&2
        grep -E "ERROR|Fatal error|Precondition|SUMMARY|Test unit written" "$here/Artifacts/$target.log" | head -8 >&2
        return 1
    fi
}

# A campaign is measured in the fuzzer's own CPU time, read from /proc, not in wall time: on a
# shared machine (or under nice or SCHED_IDLE) wall time says nothing about how much fuzzing was
# done. libFuzzer stops on SIGINT with its final stats. Never SIGSTOP a fuzzer: -timeout counts
# wall time, so it reports a false timeout when it resumes.
campaign() {
    local target="$1" budget="$2"
    local corpus="$here/Corpus/$target" artifacts="$here/Artifacts/$target/"
    local log="$here/Artifacts/$target.campaign.log"
    mkdir -p "$corpus" "$artifacts"
    local exe
    exe="$(bin "$target")"
    OCTET_FUZZ_WRITE_SEEDS="$corpus" "$exe" >/dev/null 2>&1 || true
    if [ -d "$here/FailCases/$target" ]; then cp -n "$here/FailCases/$target"/* "$corpus"/ 2>/dev/null || true; fi
    local ticks
    ticks="$(getconf CLK_TCK)"
    local start=$SECONDS
    : >"$log"
    "$exe" "$corpus" -max_total_time=1000000 -max_len="$(max_len "$target")" -timeout=10 \
        -rss_limit_mb=2048 -artifact_prefix="$artifacts" -print_final_stats=1 >"$log" 2>&1 &
    local pid=$! cpu=0
    while kill -0 "$pid" 2>/dev/null; do
        # Fields 14 and 15 of /proc/PID/stat: user and system time in clock ticks (field 2, the
        # command name, has no spaces here).
        if read -r -a stat <"/proc/$pid/stat" 2>/dev/null; then
            cpu=$(((stat[13] + stat[14]) / ticks))
            if [ "$cpu" -ge "$budget" ]; then kill -INT "$pid" 2>/dev/null || true; break; fi
        fi
        sleep 5
    done
    local status=0
    wait "$pid" || status=$?
    local executions
    executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    local coverage
    coverage="$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -E 's/.*cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+).*/\1 \/ \2 | \3/')"
    # 72 is libFuzzer's exit status after SIGINT: the budget was spent, nothing was found.
    if [ "$status" -eq 72 ] || [ "$status" -eq 0 ]; then
        echo "| \`$target\` | $cpu | $((SECONDS - start)) s | ${executions:-?} | $coverage | none |"
    else
        echo "   FOUND A CRASH in $target (exit $status): see $log and $artifacts" >&2
        grep -E "ERROR|Fatal error|Precondition|SUMMARY|Test unit written" "$log" | head -8 >&2
        echo "| \`$target\` | $cpu | $((SECONDS - start)) s | ${executions:-?} | $coverage | CRASH (exit $status) |"
        return 1
    fi
}

case "${1:-}" in
    list) printf '%s\n' "${targets[@]}" ;;
    all | ci)
        seconds="${2:-25}"
        [ "$1" = ci ] && seconds=25
        build "${targets[@]}"
        status=0
        for target in "${targets[@]}"; do run "$target" "$seconds" || status=1; done
        exit $status
        ;;
    campaign)
        [ $# -eq 3 ] || { echo "usage: $0 campaign TARGET CPU_SECONDS" >&2; exit 64; }
        build "$2"
        campaign "$2" "$3"
        ;;
    replay)
        target="$2"; shift 2
        build "$target"
        "$(bin "$target")" -runs=1 "$@"
        ;;
    Fuzz*)
        [ $# -eq 2 ] || { echo "usage: $0 TARGET SECONDS" >&2; exit 64; }
        build "$1"
        run "$1" "$2"
        ;;
    *)
        sed -n '2,15p' "$0" >&2
        exit 64
        ;;
esac
