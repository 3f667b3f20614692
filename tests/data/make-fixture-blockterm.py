#!/usr/bin/env python3
"""make-fixture-blockterm.py - writes tests/data/fixture-blockterm/: a study whose huge-page
blocks (tables/) put two kernels' time without huge pages over time with them at 1.02 (ksmall)
and 1.10 (kbig), the same way in all six pairs and within +-0.3% of it, while the six gcc block
processes (compiler/NN-gcc/) move each of those kernels' time relative to the null kernel of
its round by a standard deviation of 1.15% (log): times Student's t with 5 degrees of freedom,
a between-process term of +-3.0%.  Within the pairs both effects are settled (six pairs one
way, p = 0.031); with the term the 2% one is not, the 10% one still is.  Deterministic; rerun
only when the schema changes.  What tests/test_blockterm.sh relies on:
  - tables/NN-hugepage/, NN-nohugepage/ (hugepage nohugepage nohugepage hugepage ...): position
    mode, ksmall 1.02, kbig 1.10, kpart 1.10 (in the gcc blocks in stream mode only: its term
    comes from its other cells, "kernel"), kfar 1.10 (in no gcc block: the study-wide median,
    "study"); a null row in every block;
  - compiler/NN-gcc/, NN-clang/: ka, kb, ksmall, kbig, null in stream rook, position all, random
    queen and peer queen (kpart in stream rook only), 3 rounds each; each kernel's time is
    its base times the host's speed in the round (which the null shares) times its process
    factor (PROCESS, a sd of 1.15% in log); clang's times are gcc's times 0.9;
  - bits/NN-m64/, NN-m32/: ka, kb in stream rook and position all, -m32 1.5 times slower;
  - m64/: ka, kb, null in stream rook and peer queen, 31 rounds, kb / ka = 1.30."""
import json, math, os, random

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixture-blockterm")
DATASET = "datasets/master-2000.trace"
SUMMARY = ("run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,lookups,samples,"
           "ns_min,ns_median,epoch_spread_pct,table_bytes,word_bits,branching,flags")
SAMPLES = ("run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,phase,epoch,sample,"
           "lookups,ns_per_lookup,null_median_ns_per_lookup,net_ns_per_lookup")
NULL = 0.2                                  # the null kernel's gross ns/lookup
TABLE_BYTES = {"ka": 4096, "kb": 512, "ksmall": 800000, "kbig": 2000000, "kpart": 900000,
               "kfar": 700000, "null": 0}
A = 0.0105                                  # +-A in log: a sd of A * sqrt(6/5) = 1.15%
PROCESS = [math.exp(A * (1 if i % 2 == 0 else -1)) for i in range(6)]
MOVERS = ("ksmall", "kbig", "kpart", "kb")  # kernels whose gcc-block time moves with PROCESS


def median(v):
    s = sorted(v)
    return (s[len(s) // 2] + s[(len(s) - 1) // 2]) / 2


def write_run(d, run_id, cells, rounds, epochs, rng, factor=None, noise=0.001, ctx_extra=None):
    """cells: {(mode, piece): {kernel: net ns}}; factor: {kernel: multiplier}.  Every round has
    a host speed that the null and every kernel share; each kernel's net time gets +-noise."""
    os.makedirs(d, exist_ok=True)
    host = [1 + 0.1 * math.sin(r * 2.3) for r in range(rounds)]
    srows, prows = [SUMMARY], [SAMPLES]
    for (mode, piece), ks in cells.items():
        nulls = [NULL * host[r] for r in range(rounds)]
        null_med = median(nulls)
        for k, ns in [("null", 0.0)] + list(ks.items()):
            f = (factor or {}).get(k, 1.0)
            if k == "null":
                gross = nulls
                net = nulls
            else:
                net = [ns * f * host[r] * (1 + noise * (2 * rng.random() - 1))
                       for r in range(rounds)]
                gross = [v + nulls[r] for r, v in enumerate(net)]
            key = f"{run_id},{k},{'baseline' if k == 'null' else 'x'},{mode},{piece},{DATASET},warm,"
            srows.append(key + f",4096,{rounds},{min(net):.6g},{median(net):.6g},,"
                         f"{TABLE_BYTES[k]},64,branchless,{'baseline' if k == 'null' else ''}")
            for r in range(rounds):
                prows.append(key + f",measure,{r * epochs // rounds},{r},4096,{gross[r]:.6g},"
                             f"{0 if k == 'null' else null_med:.6g},{net[r]:.6g}")
    with open(os.path.join(d, "summary.csv"), "w") as f:
        f.write("\n".join(srows) + "\n")
    with open(os.path.join(d, "samples.csv"), "w") as f:
        f.write("\n".join(prows) + "\n")
    ctx = {"run_id": run_id,
           "slidebench": {"compiler": "gcc 12.2.0", "cflags": "-O2 -march=native"},
           "machine": {"cpu_model": "Fixture CPU 9000", "uarch": "zen5"},
           "run": {"trace": DATASET, "samples": rounds}}
    ctx.update(ctx_extra or {})
    with open(os.path.join(d, "context.json"), "w") as f:
        json.dump(ctx, f, indent=1)
        f.write("\n")


def blocks(sub, a, b, cells_of, factor_of, rng, first):
    """Six pairs of sub/NN-a, NN-b in the order a b b a a b ...; run_ids in that order."""
    n = first
    for pair in range(1, 7):
        for side in ((a, b) if pair % 2 else (b, a)):
            write_run(os.path.join(here, sub, "%02d-%s" % (pair, side)),
                      "20260101-13%02d%02d-%d" % (n // 60, n % 60, 4000 + n), cells_of(side),
                      3, 1, rng, factor=factor_of(pair, side))
            n += 1
    return n


rng = random.Random(2026)
kernels = [{"name": k, "family": "x", "word_bits": 64, "branching": "branchless",
            "table_bytes": TABLE_BYTES[k], "status": "timed", "question": "", "sibling": ""}
           for k in ("ka", "kb")]
write_run(os.path.join(here, "m64"), "20260101-120000-1",
          {("stream", "rook"): {"ka": 1.0, "kb": 1.3}, ("peer", "queen"): {"ka": 2.0, "kb": 2.6}},
          31, 3, rng, ctx_extra={"kernels": kernels})

EFFECT = {"ksmall": 1.02, "kbig": 1.10, "kpart": 1.10, "kfar": 1.10}
BASE = {"ksmall": 3.0, "kbig": 4.0, "kpart": 3.5, "kfar": 2.5}
# a host speed per block of +-0.3%: never enough to turn a 2% pair the other way
step = [1.003, 0.998, 1.0, 0.997, 1.002, 1.001]
n = blocks("tables", "hugepage", "nohugepage",
           lambda side: {("position", "all"): dict(BASE)},
           lambda pair, side: {k: step[pair - 1] * (EFFECT[k] if side == "nohugepage" else 1)
                               for k in BASE}, rng, 0)
GCC = {("stream", "rook"): {"ka": 1.0, "kb": 1.3, "ksmall": 1.5, "kbig": 2.0, "kpart": 1.7},
       ("position", "all"): {"ka": 3.0, "kb": 3.9, "ksmall": 3.0, "kbig": 4.0},
       ("random", "queen"): {"ka": 1.2, "kb": 1.56, "ksmall": 1.8, "kbig": 2.4},
       ("peer", "queen"): {"ka": 2.0, "kb": 2.6, "ksmall": 2.2, "kbig": 2.9}}
n = blocks("compiler", "gcc", "clang", lambda side: GCC,
           lambda pair, side: {k: PROCESS[pair - 1] * (0.9 if side == "clang" else 1)
                               for k in MOVERS} | ({"ka": 0.9} if side == "clang" else {}),
           rng, n)
blocks("bits", "m64", "m32",
       lambda side: {("stream", "rook"): {"ka": 1.0, "kb": 1.3},
                     ("position", "all"): {"ka": 3.0, "kb": 3.9}},
       lambda pair, side: {"ka": 1.5, "kb": 1.5} if side == "m32" else {}, rng, n)
