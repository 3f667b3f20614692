# options.sh - run_all.sh's option values checked, before anything is built or the study folder
# made (a bad value: exit 2); the CPUs the study may use; --kernels checked against the known
# kernels (check_kernels, called again after the build).  Sourced by run_all.sh.

# The CPUs: those this process may run on (its affinity mask: taskset, a cgroup cpuset, a Slurm
# allocation), or those of --cpu; every bench is pinned to cpu, the thread sweep's threads go
# on thread_cpus only.
mapfile -t allowed < <(harness/scripts/cpus.sh)
[[ ${#allowed[@]} -gt 0 ]] || allowed=(0)
cpu_given=$cpu thread_cpus=("${allowed[@]}")
[[ -n $out ]] || out="results/$(date -u +%Y%m%d-%H%M%S)-study"
if [[ $plan -eq 0 && -e $out && -n $(ls -A "$out" 2>/dev/null) ]]; then
	echo "run_all.sh: $out already exists and is not empty; a study never overwrites another (choose --out)" >&2
	exit 2
fi
if [[ -n $pairs && ! $pairs =~ ^[1-9][0-9]?$ ]]; then
	echo "run_all.sh: --pairs $pairs: give a number of block pairs from 1 to 99" >&2
	exit 2
fi
# Every option's value is checked here, before anything is built or the study folder made
# (each bench refused it with exit 1 and left a folder that blocked the same --out); the
# kernel names, which need bin/slidebench, by check_kernels after the build.
usage_error() { echo "run_all.sh: $*" >&2; exit 2; }
if [[ -n $samples ]] && ! [[ $samples =~ ^[1-9][0-9]{0,5}$ && $samples -le 100000 ]]; then
	usage_error "--samples $samples: give a whole number of samples from 1 to 100000"
fi
if [[ -n $cpu ]]; then
	# --cpu N or LIST: every CPU of it one this process may run on (cpus.sh lists them)
	[[ $cpu =~ ^[0-9]{1,4}([-,][0-9]{1,4})*$ ]] && listed=$(harness/scripts/cpus.sh "$cpu" 2>/dev/null) &&
		[[ -n $listed ]] ||
		usage_error "--cpu $cpu: give a cpu number or a list such as 0,1 or 0-3"
	mapfile -t thread_cpus <<<"$listed"
	for c in "${thread_cpus[@]}"; do
		printf '%s\n' "${allowed[@]}" | grep -qx "$c" ||
			usage_error "--cpu $cpu: cpu $c is not one this process may run on ($(printf '%s\n' "${allowed[@]}" | paste -sd,); online: $(cat /sys/devices/system/cpu/online 2>/dev/null || echo unknown))"
	done
	cpu=${thread_cpus[0]}
else
	cpu=${allowed[-1]}
fi
# --cpu LIST keeps the whole study there, not only the benches: the builds, the verification,
# the simulated counters and the charts (each a child of this shell, which inherits its mask), so
# a user who gives the study CPU 0 of a shared box finds the other CPUs left to the rest.
if [[ -n $cpu_given ]]; then
	if command -v taskset >/dev/null && taskset -pc "$(IFS=,; echo "${thread_cpus[*]}")" $$ >/dev/null 2>&1; then
		confined=$(taskset -pc $$ 2>/dev/null | sed 's/.*: *//')
	else
		confined=""
		echo "run_all.sh: --cpu $cpu_given: taskset (util-linux) could not keep the builds and charts to these CPUs; the benches are still pinned" >&2
	fi
fi
# --cpu LIST narrower than the mask: every bench runs within it (its thread placement and its
# simulated passes side by side keep to the CPUs bench may run on)
only=()
if [[ ${thread_cpus[*]} != "${allowed[*]}" ]] && command -v taskset >/dev/null 2>&1; then
	only=(taskset -c "$(IFS=,; echo "${thread_cpus[*]}")")
fi
if [[ -n $trace ]]; then
	[[ -e $trace ]] || usage_error "--trace $trace: no such file"
	[[ -f $trace ]] || usage_error "--trace $trace: not a regular file"
	[[ -r $trace ]] || usage_error "--trace $trace: not readable"
fi
for ((i = 1; i < ${#plug[@]}; i += 2)); do
	[[ ${plug[i]} == /* || ! -e $start_dir/${plug[i]} ]] || plug[i]=$start_dir/${plug[i]}
	[[ -f ${plug[i]} && -r ${plug[i]} ]] || usage_error "--plugin ${plug[i]}: no such readable file"
	[[ ${plug[i]} == */* ]] || plug[i]=./${plug[i]}   # dlopen reads a bare name as a library name
done
if [[ -n $kernels && ( $kernels == ,* || $kernels == *, || $kernels == *,,* ) ]]; then
	usage_error "--kernels $kernels: an empty name in the list"
fi
for ((i = 0; i < ${#extra[@]}; i++)); do
	case ${extra[i]} in
	--out|--out=*|-o) usage_error "bench argument ${extra[i]}: run_all.sh chooses each bench's --out (give --out DIR to run_all.sh)" ;;
	esac
done
# Prints the known kernel name (stdin, one a line) closest to $1 (fewest letters to change).
closest_kernel() {
	awk -v w="$1" '
	function dist(a, b,   i, j, c, d) {
		for (i = 0; i <= length(a); i++) d[i, 0] = i
		for (j = 0; j <= length(b); j++) d[0, j] = j
		for (i = 1; i <= length(a); i++)
			for (j = 1; j <= length(b); j++) {
				c = d[i - 1, j - 1] + (substr(a, i, 1) != substr(b, j, 1))
				if (d[i - 1, j] + 1 < c) c = d[i - 1, j] + 1
				if (d[i, j - 1] + 1 < c) c = d[i, j - 1] + 1
				d[i, j] = c
			}
		return d[length(a), length(b)]
	}
	NF { x = dist(w, $0); if (best == "" || x < bx) { best = $0; bx = x } }
	END { print best }'
}
# Checks --kernels: exit 2 naming an unknown kernel, the closest known name and all of them.
# Known are the kernels/*.c that register a kernel, and what bin/slidebench lists with the
# --plugin files (the bench arguments' too) where it is built.  Then, where bin/slidebench is
# built, the --plugin kernels join --kernels (--help: a plugin goes through the whole study,
# whatever else --kernels names).  Called before anything is built (a name a plugin may hold
# waits, when there is no bin/slidebench yet to load the plugin) and again after the build,
# before the verification.
check_kernels() {
	local known binlisted=0 plugins=("${plug[@]}") k i mine
	[[ -n $kernels && $kernels != all ]] || return 0
	for ((i = 0; i < ${#extra[@]}; i++)); do
		case ${extra[i]} in
		--plugin) plugins+=(--plugin "${extra[i + 1]:-}") ;;
		--plugin=*) plugins+=(--plugin "${extra[i]#--plugin=}") ;;
		esac
	done
	known=$(grep -l '^SB_REGISTER' kernels/*.c | sed 's|^kernels/||; s|\.c$||')
	for k in ${kernels//,/ }; do
		grep -qxF -- "$k" <<<"$known" && continue
		if [[ $binlisted -eq 0 && -x bin/slidebench ]]; then  # (once, and only when needed)
			known+=$'\n'$(bin/slidebench list "${plugins[@]}" --format csv 2>/dev/null | tail -n +2 | cut -d, -f1 || true)
			known=$(sort -u <<<"$known")
			binlisted=1
			grep -qxF -- "$k" <<<"$known" && continue
		fi
		[[ $binlisted -eq 0 && ${#plugins[@]} -gt 0 ]] && continue
		usage_error "--kernels: unknown kernel \"$k\" (closest: $(closest_kernel "$k" <<<"$known"); known: $(echo $known | tr ' ' ,))"
	done
	[[ ${#plug[@]} -gt 0 && -x bin/slidebench ]] || return 0
	mine=$(bin/slidebench list "${plug[@]}" --format csv 2>/dev/null | awk -F, 'NR == 1 {
		for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["origin"] != "built-in" && $c["status"] == "available" { print $c["name"] }') || true
	for k in $mine; do
		[[ ,$kernels, == *,"$k",* ]] || kernels+=",$k"
	done
	sel=(--kernel "$kernels") vsel=(--kernel "$kernels")
}
check_kernels   # (before the build: a typo costs no build)
