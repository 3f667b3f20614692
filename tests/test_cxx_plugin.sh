#!/usr/bin/env bash
# test_cxx_plugin.sh - a kernel plugin written in C++ (docs/plugins.md, "Your generator in
# C++"): kernels/kernel.h and what it includes compile as C++17 and C++20 without a warning;
# `make plugin SRC=x.cpp` builds it with the C++ compiler and the in-tree kernels' flags, and
# the plugin exports sb_plugin_kernel by its C name; the example
# (tests/plugins/example-plugin-cpp.cpp) verifies and runs through a short bench in every loop
# kind; and a C++ plugin whose timed loop is wrong is not timed, as a C plugin's is not.
. "$(dirname "$0")/lib.sh"
P=$BIN/tests/plugins
CPP=tests/plugins/example-plugin-cpp.cpp
CXX=${CXX:-g++}

# 1. The headers as C++, every warning an error (-pedantic: no C-only construct in them).
for std in c++17 c++20; do
	check "kernel.h and the example as $std" "$CXX" -std=$std -fsyntax-only -Wall -Wextra \
		-Wshadow -pedantic -Werror -DSB_PLUGIN -Ikernels "$CPP"
done

# 2. make plugin SRC=x.cpp (as a user runs it: not with the flags of a make running these tests)
plugin_make() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u BUILD -u BIN -u OPT -u EXTRA_FLAGS -u ARCH \
		make --no-print-directory -s plugin "$@" >"$tmp/make.out" 2>&1
}
if plugin_make SRC="$CPP" OUT="$tmp/cpp.so"; then ok; else
	bad "make plugin SRC=$CPP:"; tail -n 20 "$tmp/make.out"
fi
if nm -D --defined-only "$tmp/cpp.so" 2>/dev/null | grep -q ' sb_plugin_kernel$'; then ok; else
	bad "the C++ plugin does not export sb_plugin_kernel (unmangled)"
fi
# The switches the compiler recorded (-frecord-gcc-switches): the C++ source's beside those of
# the kernel helpers linked into the same plugin, compiled as C like every in-tree kernel.
switches() {
	readelf -p .GCC.command.line "$tmp/cpp.so" 2>/dev/null | grep -E "GNU $1" | head -n 1 |
		tr ' ' '\n' | grep -E '^-[mfO]' | sort | paste -sd' '
}
cxx_sw=$(switches 'C\+\+') c_sw=$(switches 'C[0-9]')
if [[ -n $cxx_sw && $cxx_sw == "$c_sw" && $cxx_sw == *-falign-loops=64* ]]; then ok; else
	bad "the C++ plugin's flags differ from the C kernels':"; echo "  C:   $c_sw"; echo "  C++: $cxx_sw"
fi

# 3. The example, as make test built it: verified (every occupancy, then perft through its loop).
expect "the C++ example verifies" 0 '^example-plugin-cpp +ok: 307648 cases, 0 mismatches' \
	'^example-plugin-cpp +perft ok: ' -- "$SB" verify --plugin "$P/example-plugin-cpp.so" \
	--kernel example-plugin-cpp

# 4. A short bench in every loop kind: each verified against the reference's checksum, timed.
modes=stream,chain,pointer,position,random,peer,peer-random,pressure,perft
if [[ -f datasets/master-2000.trace ]]; then
	expect "the C++ example benches in every mode" 0 'slidebench: 2 of 2 kernels verified' \
		'results: ' -- "$SB" bench --plugin "$P/example-plugin-cpp.so" \
		--kernel example-plugin-cpp,reference --mode "$modes" --pressure 0 --perft-depth 2 \
		--perft-positions 4 --samples 2 --warmup 0 --epochs 1 --min-lookups 20000 \
		--events none --out "$tmp/run"
	n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["kernel"] == "example-plugin-cpp" && $c["ns_median"] != "" { m[$c["mode"]] = 1 }
		END { for (k in m) n++; print n + 0 }' "$tmp/run/summary.csv" 2>/dev/null)
	if [[ $n -eq 9 ]]; then ok; else bad "summary.csv: the C++ example timed in $n of 9 modes"; fi
else
	skipped "datasets/master-2000.trace not built (make): no bench of the C++ example"
fi

# 5. The same plugin with its position loop's checksum off by one (its lookups still right):
# verified loop by loop, that mode is not timed and the exit status is 1.
sed -e 's/"example-plugin-cpp"/"wrong-loop-cpp"/' -e 's/k\.run = cpp_run;/k.run = wrong_run;/' \
	-e 's|^// Returns the descriptor|uint64_t wrong_run(sb_loop l, const sb_input *in) { return cpp_run(l, in) ^ (l == SB_LOOP_POSITION); }\n&|' \
	"$CPP" >"$tmp/wrong-loop.cpp"
if ! plugin_make SRC="$tmp/wrong-loop.cpp" OUT="$tmp/wrong.so"; then
	bad "make plugin of the wrong-loop C++ plugin:"; tail -n 20 "$tmp/make.out"
elif [[ -f datasets/master-2000.trace ]]; then
	expect "a wrong C++ loop is not timed" 1 \
		'kernel wrong-loop-cpp: position/all loop checksum 0x[0-9a-f]+, reference 0x[0-9a-f]+ .*: not timed' -- \
		"$SB" bench --plugin "$tmp/wrong.so" --kernel wrong-loop-cpp,reference \
		--mode stream,position --samples 2 --warmup 0 --epochs 1 --min-lookups 20000 \
		--events none --out "$tmp/wrong-run"
fi
finish
