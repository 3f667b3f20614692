#!/usr/bin/env python3
"""make-fixtures.py - writes the synthetic runs tests/data/fixture-run-a and fixture-run-b
(summary.csv, samples.csv, context.json in the results schema).  Deterministic; rerun only
when the schema changes.  What the tests rely on:
  - hyperbola is 1.5x slower in run B than in run A (compare: significant);
  - kindergarten-4k is the same in both runs (compare: not significant);
  - in run A, kindergarten-4k is 1.3x faster than kindergarten-512 in stream mode and not
    distinguishable in position mode; classical-branchless is 1.2x faster than
    classical-conditional; kindergarten-32 is 1.1x slower than kindergarten-4k;
  - pext is unavailable, one row is flagged unstable; misses come from sim_* columns."""
import json, os

SUMMARY = ("run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,lookups,samples,"
           "ns_min,ns_median,ns_ci_lo,ns_ci_hi,ns_gross_median,spread_pct,cv_pct,epoch_spread_pct,"
           "layout_spread_pct,cycles_median,cycles_min,cycles_spread_pct,core_ghz,mlookups_per_s,"
           "hw_cycles,hw_instructions,hw_l1d_miss,hw_dtlb_miss,hw_br_miss,sim_ir,sim_d1_miss,"
           "sim_ll_miss,sim_br_miss,table_bytes,word_bits,branching,disturbed_samples,flags")
SAMPLES = ("run_id,kernel,family,mode,piece,dataset,cache_state,pressure_bytes,phase,epoch,sample,"
           "lookups,ticks,ns_per_lookup,null_median_ns_per_lookup,net_ns_per_lookup,core_ghz,"
           "cycles_per_lookup,flags")
DATASET = "datasets/master-2000.trace"
N = 12
# kernel, family, table_bytes, word_bits, branching, base ns (stream rook), sim d1, sim br
KERNELS = [
    ("kindergarten-4k", "kindergarten", 9728, 64, "branchless", 1.00, 0.0010, 0.0001),
    ("kindergarten-512", "kindergarten", 2048, 64, "branchless", 1.30, 0.0002, 0.0001),
    ("kindergarten-32", "kindergarten", 9728, 32, "branchless", 1.10, 0.0010, 0.0001),
    ("classical-branchless", "classical", 4096, 64, "branchless", 2.00, 0.0005, 0.0100),
    ("classical-conditional", "classical", 4096, 64, "conditional", 2.40, 0.0005, 0.2500),
    ("hyperbola", "hyperbola", 2048, 64, "branchless", 1.60, 0.0003, 0.0002),
    ("pext", "pext", 864256, 64, "branchless", None, None, None),
]
WORKLOADS = [("stream", "rook", 1.0), ("stream", "bishop", 0.8), ("position", "all", 3.0)]
# The descriptors' sibling and question, as the kernels declare them (slidebench list): a
# report reads them from context.json only.
SIBLING = {
    "kindergarten-4k": ("kindergarten-512", "tables"),
    "kindergarten-32": ("kindergarten-4k", "bits"),
    "classical-branchless": ("classical-conditional", "branching"),
}


def jitter(i, seed):
    return 1 + 0.01 * (((i * 7 + seed * 3) % 11) - 5) / 5


def median(v):
    s = sorted(v)
    return (s[len(s) // 2] + s[(len(s) - 1) // 2]) / 2


def write_run(d, run_id, slow_hyperbola, hostname):
    os.makedirs(d, exist_ok=True)
    srows, prow = [SUMMARY], [SAMPLES]
    for mode, piece, scale in WORKLOADS:
        for seed, (k, fam, tb, bits, br, base, d1, brm) in enumerate(KERNELS):
            key = f"{run_id},{k},{fam},{mode},{piece},{DATASET},warm,"
            if base is None:
                srows.append(key + ",,,,,,,,,,,,,,,,,,,,,,,,,," + f"{tb},{bits},{br},0,unavailable: needs BMI2")
                continue
            b = base * scale
            if k == "kindergarten-512" and mode == "position":
                b = 1.0 * scale            # same as kindergarten-4k there
            if k == "hyperbola" and slow_hyperbola:
                b *= 1.5
            # run B reorders the jitter of kindergarten-4k: same distribution, other order
            s = [b * jitter(i, seed + (len(run_id) % 2 if k != "kindergarten-4k" else 0)) for i in range(N)]
            if slow_hyperbola and k == "kindergarten-4k":
                s = s[::-1]
            med = median(s)
            flags = "unstable" if (k == "classical-conditional" and piece == "bishop") else ""
            srows.append(key + f",4096,{N},{min(s):.6g},{med:.6g},{med*0.99:.6g},{med*1.01:.6g},"
                         f"{med+0.2:.6g},1.2,1.3,0.8,1.5,{med*3.6:.6g},{min(s)*3.6:.6g},1.1,3.6,"
                         f"{1000/(med+0.2):.6g},,,,,,{8+bits/8:.6g},{d1*scale:.6g},0,{brm*scale:.6g},"
                         f"{tb},{bits},{br},0,{flags}")
            for i, v in enumerate(s):
                prow.append(key + f",measure,{i % 3},{i},4096,{int((v+0.2)*4096*2.1)},{v+0.2:.6g},"
                            f"0.2,{v:.6g},3.6,{(v+0.2)*3.6:.6g},")
    open(os.path.join(d, "summary.csv"), "w").write("\n".join(srows) + "\n")
    open(os.path.join(d, "samples.csv"), "w").write("\n".join(prow) + "\n")
    ctx = {
        "run_id": run_id, "command": "slidebench bench --out fixture",
        "slidebench": {"git_rev": "0123456789ab", "compiler": "gcc 12.2.0" if not slow_hyperbola else "clang 14.0.6",
                       "cflags": "-O2 -march=native -fno-tree-vectorize", "word_size_bits": 64},
        "machine": {"cpu_model": "Fixture CPU 9000", "cpu_vendor": "AuthenticFixture", "uarch": "zen5",
                    "l1d_bytes": 49152, "l2_bytes": 1048576, "l3_bytes": 33554432,
                    "hypervisor": "bhyve", "is_vm": True, "ncpus": 2, "hostname": hostname,
                    "governor": "none (no cpufreq)", "thp": "madvise", "kernel": "6.18"},
        "timer": {"source": "tsc", "tick_ghz": 2.1},
        "pinned_cpu": 1,
        "counter_sources": [{"name": "papi", "live": False, "why": "perf_event component disabled"}],
        "events": [{"name": "PAPI_TOT_CYC", "live": False, "why": "no PMU in this VM"},
                   {"name": "perf::CONTEXT-SWITCHES", "live": True, "why": ""}],
        "run": {"trace": DATASET, "samples": N, "warmup": 2},
        "kernels": [{"name": k, "family": f, "word_bits": bits, "branching": br, "table_bytes": tb,
                     "sibling": SIBLING.get(k, (None, ""))[0], "question": SIBLING.get(k, (None, ""))[1],
                     "status": "timed" if base else "unavailable: needs BMI2"}
                    for k, f, tb, bits, br, base, _, _ in KERNELS],
    }
    json.dump(ctx, open(os.path.join(d, "context.json"), "w"), indent=1)


here = os.path.dirname(os.path.abspath(__file__))
write_run(os.path.join(here, "fixture-run-a"), "20260101-120000-1", False, "host-a")
write_run(os.path.join(here, "fixture-run-b"), "20260101-130000-22", True, "host-b")
