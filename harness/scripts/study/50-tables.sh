# 50-tables.sh - run_all.sh's step tables: the large-table kernels with and without huge pages, as
# alternating blocks into DIR/tables (or DIR/tables.skipped).  Sourced by run_all.sh.

step tables "the large-table kernels with and without huge pages: $pairs block pairs into $out/tables"
why_tables=""
if [[ -z $big_kernels ]]; then
	why_tables="none of the large-table kernels was selected (--kernels $kernels)"
fi
if [[ -n $why_tables ]]; then
	echo "$why_tables" >"$out/tables.skipped"
	note "no huge-page blocks: $why_tables (written to $out/tables.skipped)"
else
	run_blocks tables hugepage nohugepage || failed+=("tables blocks")
fi
step_done tables
