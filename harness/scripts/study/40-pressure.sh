# 40-pressure.sh - run_all.sh's step pressure: pressure mode, each family's smallest and largest
# tables and every mode's winners, into DIR/pressure.  Sourced by run_all.sh.

step pressure "pressure mode (--pressure $press_sizes) into $out/pressure"
press_kernels=$(subset "$(printf '%s\n' ${press_kernels//,/ } $(sweep_winners) | awk 'NF && !seen[$0]++' | paste -sd,)")
if [[ -z $press_kernels ]]; then
	echo "none of the pressure-sweep kernels was selected (--kernels $kernels)" >"$out/pressure.skipped"
	note "no pressure sweep: $(cat "$out/pressure.skipped")"
else
	rc=0
	run_bench bin/slidebench "$out/pressure" --mode pressure --pressure "$press_sizes" \
		--kernel "$press_kernels" "${side_set[@]}" "${extra[@]}" || rc=$?
	[[ $rc -eq 0 ]] || { echo "run_all.sh: the pressure sweep failed (exit $rc)" >&2; failed+=("bench pressure"); }
fi
step_done pressure
