/* output_run.c - run directories: a hidden work directory renamed into place when complete,
 * and the lock beside it that tells a stale work directory from a live run. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/output.h"

/* Creates every missing directory of path; returns 0 or -1 (errno set). */
static int mkdir_p(const char *path)
{
	char buf[PATH_MAX];
	size_t n = strlen(path);

	if (n == 0 || n >= sizeof buf)
		return errno = ENAMETOOLONG, -1;
	memcpy(buf, path, n + 1);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(buf, 0777) < 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(buf, 0777) < 0 && errno != EEXIST ? -1 : 0;
}

/* The lock of the run being written: .NAME.lock beside the work directory, flock()ed for the
 * life of this process (or of a child it forked), so a work directory whose lock nobody holds
 * was left by a process that no longer runs (kill -9, a power cut) and may go. */
static int run_lock_fd = -1;
static int remove_tree(const char *dir, char *err, size_t errlen);
static char run_lock_path[PATH_MAX];

/* Returns 0 after taking the lock of work_dir's run (removing a stale work directory with a
 * note), or -1 with err (another live process is writing the same run). */
static int run_lock(const char *parent, const char *base, const char *work_dir, char *err,
		    size_t errlen)
{
	struct stat st;
	char pid[32] = "", e2[PATH_MAX + 128];
	ssize_t n;

	if (snprintf(run_lock_path, sizeof run_lock_path, "%s/.%s.lock", parent, base) >=
	    (int)sizeof run_lock_path) {
		snprintf(err, errlen, "%s/%s: the path is too long for its lock file", parent, base);
		return -1;
	}
	/* O_NOFOLLOW, and a regular file of one link: a planted link's target is never truncated */
	run_lock_fd = open(run_lock_path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (run_lock_fd < 0 || fstat(run_lock_fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    st.st_nlink != 1) {
		snprintf(err, errlen, "%s: cannot create: %s", run_lock_path, run_lock_fd < 0 &&
			 errno == ELOOP ? "a symbolic link (remove it)" : run_lock_fd < 0 ?
			 strerror(errno) : "not a regular file of its own (remove it)");
		if (run_lock_fd >= 0)
			close(run_lock_fd);
		run_lock_fd = -1;
		return -1;
	}
	if (flock(run_lock_fd, LOCK_EX | LOCK_NB) < 0) {
		n = pread(run_lock_fd, pid, sizeof pid - 1, 0);
		pid[n > 0 ? n : 0] = 0;
		pid[strcspn(pid, "\n")] = 0;
		snprintf(err, errlen, "%s: a run of the same name is being written by process %s "
			 "(wait for it, or choose another --out)", work_dir, *pid ? pid : "?");
		close(run_lock_fd);
		run_lock_fd = -1;
		return -1;
	}
	n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	if (ftruncate(run_lock_fd, 0) < 0 || pwrite(run_lock_fd, pid, (size_t)n, 0) != n)
		fprintf(stderr, "slidebench: %s: cannot record the process id: %s\n",
			run_lock_path, strerror(errno));
	if (lstat(work_dir, &st) == 0) {
		fprintf(stderr, "slidebench: %s: left by a run that no longer runs (killed?); "
			"removing it\n", work_dir);
		if (remove_tree(work_dir, e2, sizeof e2) < 0) {
			snprintf(err, errlen, "%s", e2);
			return -1;
		}
	}
	return 0;
}

/* Releases the run's lock and removes its file. */
static void run_unlock(void)
{
	if (run_lock_fd < 0)
		return;
	unlink(run_lock_path);
	close(run_lock_fd);
	run_lock_fd = -1;
}

int out_run_begin(const char *requested, const char *run_id, char *final_dir, char *work_dir,
		  size_t len, char *err, size_t errlen)
{
	struct stat st;
	const char *slash, *base;
	char parent[PATH_MAX];

	if (requested && !*requested) {
		snprintf(err, errlen, "--out \"\": an empty directory name");
		return -1;
	}
	if (requested)
		snprintf(final_dir, len, "%s", requested);
	else
		snprintf(final_dir, len, "results/%s", run_id);
	while (strlen(final_dir) > 1 && final_dir[strlen(final_dir) - 1] == '/')
		final_dir[strlen(final_dir) - 1] = 0;
	/* lstat: a symbolic link, even one to nowhere, is something a rename cannot replace */
	if (lstat(final_dir, &st) == 0) {
		snprintf(err, errlen, "%s: already exists%s; slidebench never overwrites a run "
			 "(choose another --out)", final_dir, S_ISLNK(st.st_mode) ?
			 " (a symbolic link)" : "");
		return -1;
	}
	slash = strrchr(final_dir, '/');
	base = slash ? slash + 1 : final_dir;
	if (!strcmp(base, ".") || !strcmp(base, "..")) {
		snprintf(err, errlen, "%s: not a new directory name (choose another --out)", final_dir);
		return -1;
	}
	snprintf(parent, sizeof parent, "%.*s", slash ? (int)(slash - final_dir) : 1,
		 slash ? (slash == final_dir ? "/" : final_dir) : ".");
	if (mkdir_p(parent) < 0) {
		snprintf(err, errlen, "%s: cannot create: %s", parent, strerror(errno));
		return -1;
	}
	snprintf(work_dir, len, "%s/.%s.partial", parent, base);
	if (run_lock(parent, base, work_dir, err, errlen) < 0)
		return -1;
	if (mkdir(work_dir, 0777) < 0) {
		snprintf(err, errlen, "%s: cannot create: %s", work_dir, strerror(errno));
		run_unlock();
		return -1;
	}
	return 0;
}

int out_run_finish(const char *work_dir, const char *final_dir, char *err, size_t errlen)
{
	if (rename(work_dir, final_dir) < 0) {
		snprintf(err, errlen, "%s: cannot rename to %s: %s (results kept in %s)", work_dir,
			 final_dir, strerror(errno), work_dir);
		run_unlock();
		return -1;
	}
	run_unlock();
	return 0;
}

/* Removes one entry of the tree nftw walks (children first); returns 0 or -1. */
static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

/* Returns 0 after removing the tree at dir (absent: nothing to do), or -1 with err. */
static int remove_tree(const char *dir, char *err, size_t errlen)
{
	struct stat st;

	if (lstat(dir, &st) < 0 && errno == ENOENT)
		return 0;
	if (nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) < 0) {
		snprintf(err, errlen, "%s: cannot remove: %s (remove it by hand before running "
			 "with the same --out again)", dir, strerror(errno));
		return -1;
	}
	return 0;
}

int out_run_abandon(const char *work_dir, char *err, size_t errlen)
{
	int rc = remove_tree(work_dir, err, errlen);

	run_unlock();
	return rc;
}

