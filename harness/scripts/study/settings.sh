# settings.sh - what each sweep passes to bench: samples (--quick, --samples), modes, sizes,
# the trace.  Sourced by run_all.sh after the options are checked.

# Bench settings.  side_set: the pressure run (fewer samples: many rows, one mode); block_set:
# each block of a cross-process comparison (few samples: the block pairs are what is
# replicated).  A block has no warm-up sample: every sample is preceded by an untimed sample of
# the same kernel anyway (bench_sample.c, settle), and in a full study's 36 blocks the warm-up sample
# was no slower than the timed ones (its ratio to their median: 1.000 in stream, chain, pointer,
# random, peer and perft, 0.985-0.995 in position and pressure, over 12,000 cells), so it
# bought nothing for a quarter of each block's time.
if [[ $quick -eq 1 ]]; then
	bench_set=(--samples "${samples:-3}" --warmup 1 --min-lookups 20000)
	side_set=(--samples 3 --warmup 1 --min-lookups 20000)
	sim_set=(--samples 1 --warmup 0 --min-lookups 2000 --max-queries 1000)
	block_set=(--samples 3 --warmup 0 --epochs 1 --min-lookups 20000)
	learn_set=(--samples 3 --warmup 1 --min-lookups 20000)
	pairs=${pairs:-3}
else
	bench_set=(--samples "${samples:-31}")
	side_set=(--samples 15)
	sim_set=(--samples 1 --warmup 0 --min-lookups 5000 --max-queries 4096)
	block_set=(--samples 3 --warmup 0 --epochs 1)
	learn_set=(--samples 5 --warmup 1)
	pairs=${pairs:-6}
fi
# The learning sweep: the question pairs' stream figures with a stream of N distinct queries
# replayed until a sample is full (--max-queries N; 0: the whole trace, no query replayed
# within a sample, as every other run times it), to show what a replayed stream teaches the
# branch predictor and the caches, and that the study's answers stand where it teaches nothing.
learn_sizes="1024 4096 16384 65536 0"
# The main sweep's modes: the default ones, perft and search (a small engine's alpha-beta search,
# per node).  Search only here: the -m32 and simulation builds have no search loop, the thread
# sweep refuses it, and the blocks leave it out (its verdict's spread between processes is then
# measured on the other modes' cells).  Bench's 16 roots (283,370 nodes a pass, some 60 ms a
# kernel; 66 passes a kernel in a full sweep) would add 2 min 30 s for 54 kernels: the study
# searches 3 roots (72,749 nodes, 40 s for 54 kernels on an Emerald Rapids guest; 4 roots took
# 64 s) and --quick 2 (22,642 nodes); -- --search-positions N overrides both.
sweep_modes="default,perft,search"
search_set=(--search-positions 3)
[[ $quick -eq 1 ]] && search_set=(--search-positions 2)
# The bits blocks time three modes (a block of every mode would make 12 blocks cost twice the
# old whole -m32 sweep); the huge-page blocks time position mode, as the old runs did.
bits_modes="stream,chain,position"
# The compiler blocks (gcc: bin/slidebench, clang: bin-clang/slidebench, both -O2 -march=native)
# time every kernel in every mode a verdict of the report is asked of: throughput in game
# order, latency (chain), the plugin caller's indirect call (pointer), the engine's
# per-position loop, the peer's kind of random loop, the peer's own loop (64 known squares per
# occupancy), perft and the pressure sizes.  The gcc blocks are also the processes the report
# measures what moves between processes over, and a mode's own cells are the only honest
# source of that: with pressure measured only on the other modes' cells (+-1.1%), a study
# settled an 8 MiB pressure verdict at 1.155x that the next two studies of the same build
# reversed (the big-table kernels' 8 MiB figures moved by up to 1.46x between processes).
# Peer mode's barriers keep clang's vector lanes within one lookup (README, "Compilers and
# builds").  Each block takes about 7 s on an Emerald Rapids guest (12 s on Zen 5 once, before
# the verification and settle changes of docs/methodology.md, "Where a study's time goes").
compiler_modes="stream,chain,pointer,position,random,peer,perft,pressure"
# --quick leaves perft out of them (3 s of a 6 s block): a quick study's perft verdict then
# borrows its between-process term and is not called settled (quick verdicts are indicative).
[[ $quick -eq 1 ]] && compiler_modes=${compiler_modes/,perft/}
sel=() vsel=()
[[ -n $kernels ]] && sel=(--kernel "$kernels") && vsel=(--kernel "$kernels")
if [[ -n $trace ]]; then
	bench_set+=(--trace "$trace"); side_set+=(--trace "$trace"); sim_set+=(--trace "$trace")
	block_set+=(--trace "$trace"); learn_set+=(--trace "$trace")
fi
