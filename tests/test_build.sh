#!/usr/bin/env bash
# test_build.sh - the build itself: a change of configuration (HAVE_PAPI, flags) rebuilds what
# it must whatever ran first; `make plugin` uses the in-tree kernel flags; `make layouts` moves
# the code; the simulation build holds no AVX-512; `make all` builds the default trace; the
# compiler is recorded.  Scratch builds go to a temporary BUILD/BIN (the tree is not touched).
# tier: slow
. "$(dirname "$0")/lib.sh"
# A quick scratch tree: -O0, no sanitizers (make sanitize passes EXTRA_FLAGS down to us).
S=(--no-print-directory BUILD="$tmp/b" BIN="$tmp/bin" OPT=-O0 EXTRA_FLAGS=)

# (grep -q on a file or a here-string: with pipefail, `cmd | grep -q` fails when grep stops early)
needs_papi() { grep -q 'NEEDED.*libpapi' <<<"$(readelf -d "$1")"; }
conf() { sed -n "s/^$1 = //p" "$tmp/b/config.mk"; }

# 1. Built without PAPI first (as before `make deps`), then a plain make: rebuilt with what is
# detected now, every object newer than the rewritten config.
if make "${S[@]}" HAVE_PAPI=0 "$tmp/bin/slidebench" >"$tmp/log" 2>&1; then ok; else
	bad "scratch build with HAVE_PAPI=0"; tail -n 20 "$tmp/log"
fi
if needs_papi "$tmp/bin/slidebench"; then bad "HAVE_PAPI=0 build links libpapi"; else ok; fi
make "${S[@]}" "$tmp/bin/slidebench" >"$tmp/log" 2>&1 || { bad "scratch rebuild"; tail -n 20 "$tmp/log"; }
have=$(conf HAVE_PAPI)
if [[ $have == 1 ]]; then
	if needs_papi "$tmp/bin/slidebench"; then ok; else bad "PAPI is here but the rebuilt binary lacks it"; fi
else
	echo "note: no PAPI on this machine: checking the rebuild only"
fi
stale=$(find "$tmp/b" -name '*.o' ! -newer "$tmp/b/config.mk" | head -n 3)
if [[ -z $stale && $(find "$tmp/b" -name '*.o' | wc -l) -gt 10 ]]; then ok; else
	bad "objects not rebuilt after the config changed: $stale"
fi
if make "${S[@]}" -q "$tmp/bin/slidebench"; then ok; else bad "make -q after the rebuild: not up to date"; fi
if make "${S[@]}" -q "$tmp/bin/slidebench" OPT=-O1; then bad "OPT changed but make -q says up to date"; else ok; fi
if grep -q '^CFLAGS = .* -O1 ' "$tmp/b/config.mk"; then ok; else bad "config.mk does not hold OPT=-O1"; fi

# 2. make plugin: the example plugin with the in-tree flags (the compiler records them in the
# plugin's .GCC.command.line section: -frecord-gcc-switches; kernels carry no debug info).
make "${S[@]}" plugin SRC=tests/plugins/example-plugin.c OUT="$tmp/ex.so" "$tmp/bin/plugins/hyperbola.so" \
	"$tmp/bin/slidebench" >"$tmp/log" 2>&1 || { bad "make plugin"; tail -n 20 "$tmp/log"; }
if grep -q '^example-plugin  *ok:' <<<"$("$tmp/bin/slidebench" verify --plugin "$tmp/ex.so" \
	--kernel example-plugin --random 100 2>&1)"; then ok; else bad "the plugin from make plugin does not verify"; fi
producer() { readelf -p .GCC.command.line "$1" 2>/dev/null | sed -n 's/^ *\[ *[0-9a-f]*\]  //p' | sort -u | paste -sd'|'; }
p_out=$(producer "$tmp/ex.so") p_in=$(producer "$tmp/bin/plugins/hyperbola.so")
if [[ -n $p_out && $p_out == "$p_in" ]]; then ok; else
	bad "make plugin flags differ from the in-tree plugin's:"; echo "  in-tree: $p_in"; echo "  plugin:  $p_out"
fi
if [[ $p_out == GNU* ]]; then
	if [[ $p_out == *-fno-tree-vectorize*-falign-functions=64*-fPIC* ]]; then ok; else bad "plugin flags: $p_out"; fi
fi
if make --no-print-directory plugin >"$tmp/log" 2>&1; then bad "make plugin without SRC succeeded"; else
	if grep -q 'SRC=' "$tmp/log"; then ok; else bad "make plugin without SRC: no hint"; cat "$tmp/log"; fi
fi

# 3. make layouts: the copies' timed code lands at different offsets within a page.
make "${S[@]}" layouts LAYOUTS=3 LAYOUT_KERNELS=hyperbola >"$tmp/log" 2>&1 || { bad "make layouts"; tail -n 20 "$tmp/log"; }
offs=()
for i in 0 1 2; do
	a=$(nm "$tmp/bin/layouts/$i/hyperbola.so" 2>/dev/null | awk '$2 == "t" && $3 ~ /_run$/ {print $1; exit}')
	[[ -n $a ]] && offs+=($((16#$a % 4096)))
done
if [[ ${#offs[@]} -eq 3 && $(printf '%s\n' "${offs[@]}" | sort -u | wc -l) -eq 3 ]]; then ok; else
	bad "layout copies: run-loop page offsets '${offs[*]}', expected three different ones"
fi

# 4. The simulation build: no AVX-512 (valgrind 3.19 decodes none), runs under valgrind.
sim=$BIN/slidebench-sim
if [[ -x $sim ]]; then
	ok
	n=$(objdump -d "$sim" | grep -cE '%zmm|%k[0-7]\b|%[xy]mm(1[6-9]|2[0-9]|3[01])\b')
	if [[ $n -eq 0 ]]; then ok; else bad "$sim holds $n AVX-512 instructions"; fi
	if grep -qE -e '^-O[0-9s]* -march=[^ ]+ -fno-tree-vectorize' <<<"$(strings "$sim")"; then ok; else
		bad "$sim does not record its flags (SB_CFLAGS)"
	fi
	if command -v valgrind >/dev/null; then
		# Every kernel verifies, or is refused for an instruction set the simulated CPU lacks
		# (valgrind's CPUID has no AVX-512 or GFNI; the kernels that need them say so).
		valgrind --tool=none -q "$sim" verify --random 10 --perft-depth 0 >"$tmp/log" 2>&1
		# (one "ok: N cases" line a kernel; verify's "loops ok:" line beside it is not counted)
		n_ok=$(grep -cE '^[^ ]+ +ok: [0-9]+ cases' "$tmp/log" || true)
		n_isa=$(grep -cE ' skipped: needs [A-Z0-9-]' "$tmp/log" || true)
		if [[ $((n_ok + n_isa)) -eq $("$BIN"/slidebench list | awk 'NR > 1' | wc -l) && $n_ok -gt 0 ]]; then ok; else
			bad "$sim under valgrind:"; tail -n 15 "$tmp/log"
		fi
		grep -E ' skipped: needs ' "$tmp/log" | sed 's/^ */note: under valgrind: /' || true
	else
		echo "note: no valgrind: $sim not run under it"
	fi
else
	bad "$sim missing (make all builds it)"
fi

# 5. make all builds the default trace (or says why not, without zstd).
make "${S[@]}" -n all TRACE="$tmp/m.trace" >"$tmp/log" 2>&1
zstd=$(conf HAVE_ZSTD)
if { [[ $zstd == 1 ]] && grep -q "slidebench trace datasets/master-2000.pgn.zst -o $tmp/m.trace" "$tmp/log"; } ||
	{ [[ $zstd == 0 ]] && grep -q 'not built: this build cannot read .pgn.zst' "$tmp/log"; }; then ok; else
	bad "make all (zstd=$zstd) neither builds the trace nor says why"; grep -i trace "$tmp/log"
fi

# 6. The compiler, by name and version, for gcc and (where installed) clang.
for c in gcc clang; do
	if ! command -v $c >/dev/null; then skipped "the compiler's name in config.mk: no $c here"; continue; fi
	make "${S[@]}" CC=$c help >/dev/null 2>&1
	v=$($c -dumpversion)
	if grep -q "^CC = $c ($c ${v%%.*}" "$tmp/b/config.mk" && grep -q "SB_CC='\"$c ${v%%.*}" "$tmp/b/config.mk"; then ok; else
		bad "config.mk does not record $c $v:"; grep '^CC' "$tmp/b/config.mk"
	fi
done

finish
