# 99-report.sh - run_all.sh's step report: DIR/report.html, report.md and answer.txt.
# Sourced by run_all.sh.

step report "bin/slidebench report ${node_ns:+--node-ns $node_ns }$out"
logged "$run_log" bin/slidebench report ${node_ns:+--node-ns "$node_ns"} "$out" || note "bin/slidebench report failed (see the lines above)"
step_done report
