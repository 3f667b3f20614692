#!/usr/bin/env python3
"""make-fixture-process.py - writes tests/data/fixture-process/: a study whose main sweep (m64/)
settles kb against ka at 1.30 with a within-run interval of about +-0.2%, while its six gcc
block processes (compiler/NN-gcc/, with their clang twins) put the same ratio at 1.30 times
1.02 0.98 1.01 0.99 1.025 0.975: what moves between processes is about +-2%, ten times the
within-run interval.  Deterministic; rerun only when the schema changes.  What
tests/test_report.sh relies on:
  - m64/: ka, kb in stream rook, position all and chain rook (chain is in no block), kc, kd
    (in no block) in random rook; 31 rounds, 3 epochs, the host +-10% round to round (shared);
  - kb declares question "tables", sibling ka (answer (b): kb against ka, 1.30);
  - per round kb / ka = 1.30 x (1 +- 0.4%), kd / kc = 1.20 x (1 +- 0.4%);
  - compiler/NN-gcc/: ka, kb in stream rook, position all and random rook, 3 rounds each, kb / ka
    = 1.30 x the factor above; NN-clang/: the same times 0.9."""
import json, math, os, random

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixture-process")
DATASET = "datasets/master-2000.trace"
SUMMARY = ("run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,lookups,samples,"
           "ns_min,ns_median,epoch_spread_pct,table_bytes,word_bits,branching,flags")
SAMPLES = ("run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,phase,epoch,sample,"
           "lookups,ns_per_lookup,net_ns_per_lookup")
# kernel: table bytes, and its time per workload relative to ka's
KERNELS = {"ka": 4096, "kb": 512, "kc": 2048, "kd": 2048}
MAIN = {("stream", "rook"): {"ka": 1.0, "kb": 1.3},
        ("position", "all"): {"ka": 3.0, "kb": 3.9},
        ("chain", "rook"): {"ka": 2.0, "kb": 2.6},
        ("random", "rook"): {"kc": 1.5, "kd": 1.8}}
BLOCK = {("stream", "rook"): {"ka": 1.0, "kb": 1.3},
         ("position", "all"): {"ka": 3.0, "kb": 3.9},
         ("random", "rook"): {"ka": 1.2, "kb": 1.56}}
PROCESS = [1.02, 0.98, 1.01, 0.99, 1.025, 0.975]   # kb / ka per gcc block, times 1.30


def median(v):
    s = sorted(v)
    return (s[len(s) // 2] + s[(len(s) - 1) // 2]) / 2


def write_run(d, run_id, cells, rounds, epochs, rng, factor=1.0, scale=1.0, ctx_extra=None):
    """cells: {(mode, piece): {kernel: ns}}; kb (kd) times get factor; noise +-0.4% per round."""
    os.makedirs(d, exist_ok=True)
    host = [1 + 0.1 * math.sin(r * 2.3) for r in range(rounds)]
    srows, prows = [SUMMARY], [SAMPLES]
    for (mode, piece), ks in cells.items():
        for k, ns in ks.items():
            f = factor if k in ("kb", "kd") else 1.0
            s = []
            for r in range(rounds):
                noise = 1 + (0.004 * (2 * rng.random() - 1) if k in ("kb", "kd") else 0)
                s.append(ns * f * scale * host[r] * noise)
            key = f"{run_id},{k},x,{mode},{piece},{DATASET},warm,"
            med = median(s)
            srows.append(key + f",4096,{rounds},{min(s):.6g},{med:.6g},,{KERNELS[k]},64,"
                         "branchless,")
            for r, v in enumerate(s):
                prows.append(key + f",measure,{r * epochs // rounds},{r},4096,{v + 0.2:.6g},"
                             f"{v:.6g}")
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


rng = random.Random(13)
kernels = [{"name": k, "family": "x", "word_bits": 64, "branching": "branchless",
            "table_bytes": b, "status": "timed", "question": "tables" if k == "kb" else "",
            "sibling": "ka" if k == "kb" else ""} for k, b in KERNELS.items()]
write_run(os.path.join(here, "m64"), "20260101-120000-1", MAIN, 31, 3, rng,
          ctx_extra={"kernels": kernels})
second = 0
for pair in range(1, 7):
    for side in (("gcc", "clang") if pair % 2 else ("clang", "gcc")):
        write_run(os.path.join(here, "compiler", "%02d-%s" % (pair, side)),
                  "20260101-1201%02d-%d" % (second, 3000 + second), BLOCK, 3, 1, rng,
                  factor=PROCESS[pair - 1], scale=0.9 if side == "clang" else 1.0)
        second += 1
