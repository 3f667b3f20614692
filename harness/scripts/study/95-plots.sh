# 95-plots.sh - run_all.sh's step plots: the charts, PNG and SVG, into DIR/plots.  Sourced by
# run_all.sh.

step plots "plots/render.sh $out (charts: PNG and SVG in $out/plots)"
logged "$run_log" plots/render.sh "$out" || note "some charts failed to render (see run.log); the CSVs are complete"
step_done plots
