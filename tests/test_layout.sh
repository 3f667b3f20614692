#!/usr/bin/env bash
# test_layout.sh - the harness's folders depend one way: a file includes only headers of its
# own folder or of folders below it in ORDER (cli at the top, util at the bottom), and the top of
# harness/ holds folders only.  The order is the README's "Layout" section.
. "$(dirname "$0")/lib.sh"

ORDER=(cli report results bench analysis runread sim counters registry trace env util)

rank() { local i; for i in "${!ORDER[@]}"; do [[ ${ORDER[$i]} == "$1" ]] && { echo "$i"; return; }; done; echo -1; }

loose=$(find harness -maxdepth 1 -type f | sort)
if [[ -z $loose ]]; then ok; else bad "files at the top of harness/ (folders only): $loose"; fi

for d in harness/*/; do
	d=${d%/}; d=${d#harness/}
	[[ $d == scripts ]] && continue
	if [[ $(rank "$d") -lt 0 ]]; then bad "harness/$d is not in the stated order (${ORDER[*]})"; else ok; fi
done

# Prints one line per include that goes up the order (or out of the harness), under root $1;
# the last line is "read N".
scan() {
	local file inc from to rf rt n=0
	while IFS=: read -r file _ inc; do
		from=${file#"$1"/}; from=${from%%/*}
		inc=${inc#*\"}; inc=${inc%\"*}; to=${inc%%/*}
		n=$((n + 1))
		[[ $to == kernels ]] && continue
		rf=$(rank "$from"); rt=$(rank "$to")
		if [[ $rt -lt 0 ]]; then echo "$file includes "$inc": not a harness folder"
		elif [[ $rt -lt $rf ]]; then echo "$file ($from) includes "$inc": $to is above $from"; fi
	done < <(grep -rn '^#include "' "$1" --include='*.[ch]')
	echo "read $n"
}

out=$(scan harness)
up=$(grep -v '^read ' <<<"$out" || true)
if [[ -z $up ]]; then ok; else bad "includes up the order: $up"; fi
n=$(tail -n 1 <<<"$out"); n=${n#read }
if [[ $n -gt 50 ]]; then ok; else bad "only $n includes read: the scan is broken"; fi

# The scan itself finds a planted include from util up to cli.
mkdir -p "$tmp/h/util" "$tmp/h/cli"
printf '#include "cli/cli.h"\n' >"$tmp/h/util/x.c"
# (its output is read whole first: grep -q stopping early would end scan with SIGPIPE, and
# pipefail would call that a miss; it did once under load)
planted=$(scan "$tmp/h")
if grep -q "util/x.c (util) includes cli/cli.h" <<<"$planted"; then ok; else bad "the scan missed a planted include"; fi
finish
