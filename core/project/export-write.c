/* Writing a project folder, or compile's output file, all at once.
 *
 * Everything is written into a temporary entry next to its place
 * (".NAME.tmp-XXXXXX"), locked (flock) while its run lives, then put in
 * place by one rename: over nothing, over an empty folder, or swapped
 * with the earlier export by renameat2's RENAME_EXCHANGE, so that a
 * kill at any moment leaves the old project or the new one whole.
 * Where the file system cannot swap (EINVAL: NFS, FAT), the old project
 * moves aside first (".NAME.old-XXXXXX"); a kill between the two
 * renames leaves it there, and the next run puts it back.  Each run
 * first removes what killed runs left next to its place: temporary
 * entries no live run holds, folders only if they hold the marker.
 *
 * Two environment variables exist for the tests only:
 * SYSTOLE_EXPORT_KILL_AT=STEP kills the process (SIGKILL, as kill -9
 * does) at writing (the marker and one file written), written (all
 * written, not yet in place), swapped (in place, the old project not yet
 * removed) or moved (without RENAME_EXCHANGE: the old project moved
 * aside, the new one not yet in place); SYSTOLE_EXPORT_NO_EXCHANGE makes
 * RENAME_EXCHANGE fail as such file systems do. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "project/export.h"

#define MARKER ".systole-export"
#define MARKER_TEXT "systole-export 1\n"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static void test_kill(const char *step)
{
	const char *at = g_getenv("SYSTOLE_EXPORT_KILL_AT");

	if (at && g_str_equal(at, step))
		kill(getpid(), SIGKILL);
}

/* renameat2, through syscall() (glibc before 2.28 has no wrapper). */
static int rename_flags(const char *from, const char *to, unsigned flags)
{
	if ((flags & RENAME_EXCHANGE) &&
		g_getenv("SYSTOLE_EXPORT_NO_EXCHANGE")) {
		errno = EINVAL;
		return -1;
	}
#ifdef SYS_renameat2
	return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
#else
	errno = ENOSYS;
	return -1;
#endif
}

/* The flag is not there: the kernel or the file system lacks it. */
static gboolean unsupported(int e)
{
	return e == EINVAL || e == ENOSYS || e == EOPNOTSUPP;
}

static gboolean fail(GError **error, const char *what, int e)
{
	g_set_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_WRITE, "%s: %s",
		what, g_strerror(e));
	return FALSE;
}

/* "out/", "out" and "./out" are one folder; "." is the current one by
 * its name, so that its temporary folder goes next to it. */
static char *canonical(const char *path)
{
	return g_canonicalize_filename(path, NULL);
}

/* Removes path and, if it is a folder (not a link), what it holds;
 * what cannot be removed stays. */
static void remove_tree(const char *path)
{
	GStatBuf st;
	GDir *dir;
	const char *name;

	if (g_lstat(path, &st) != 0)
		return;
	if (!S_ISDIR(st.st_mode)) {
		g_unlink(path);
		return;
	}
	dir = g_dir_open(path, 0, NULL);
	while (dir && (name = g_dir_read_name(dir))) {
		g_autofree char *child = g_build_filename(path, name, NULL);

		remove_tree(child);
	}
	if (dir)
		g_dir_close(dir);
	g_rmdir(path);
}

static gboolean has_marker(const char *dir)
{
	g_autofree char *path = g_build_filename(dir, MARKER, NULL);
	char head[sizeof MARKER_TEXT] = {0};
	GStatBuf st;
	int fd;
	gssize n;

	if (g_lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return FALSE;
	fd = g_open(path, O_RDONLY | O_CLOEXEC, 0);
	if (fd < 0)
		return FALSE;
	n = read(fd, head, sizeof head - 1);
	close(fd);
	return n > 0 && g_str_has_prefix(head, "systole-export ");
}

SyExportDir sy_export_dir_state(const char *path)
{
	g_autofree char *dir = canonical(path);
	GStatBuf st;
	GDir *d;
	gboolean empty;

	/* What cannot be looked at is left to the writing to report. */
	if (g_lstat(dir, &st) != 0)
		return SY_EXPORT_DIR_ABSENT;
	if (!S_ISDIR(st.st_mode))
		return SY_EXPORT_DIR_NOT_FOLDER;
	d = g_dir_open(dir, 0, NULL);
	empty = d && !g_dir_read_name(d);
	if (d)
		g_dir_close(d);
	if (empty)
		return SY_EXPORT_DIR_EMPTY;
	return has_marker(dir) ? SY_EXPORT_DIR_EXPORT : SY_EXPORT_DIR_OTHER;
}

/* The folder that is to hold path must be there before the work: the
 * temporary entry is made in it only at writing, when a missing folder
 * would throw away the whole analysis and design.  What else it cannot
 * take (permissions, space) is still found by the writing. */
static gboolean parent_ready(const char *path, GError **error)
{
	g_autofree char *full = canonical(path);
	g_autofree char *parent = g_path_get_dirname(full);
	GStatBuf st;

	if (g_stat(parent, &st) != 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			return TRUE;
		g_set_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_WRITE,
			"%s: the folder %s does not exist; nothing was "
			"written",
			path, parent);
		return FALSE;
	}
	if (S_ISDIR(st.st_mode))
		return TRUE;
	g_set_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_WRITE,
		"%s: %s is not a folder; nothing was written", path, parent);
	return FALSE;
}

gboolean sy_export_write_allowed(
	const char *dir, gboolean force, GError **error)
{
	switch (sy_export_dir_state(dir)) {
	case SY_EXPORT_DIR_ABSENT: return parent_ready(dir, error);
	case SY_EXPORT_DIR_EMPTY: return TRUE;
	case SY_EXPORT_DIR_EXPORT:
		if (force)
			return TRUE;
		g_set_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_EXISTS,
			"%s exists and is not an empty folder; nothing was "
			"written",
			dir);
		return FALSE;
	case SY_EXPORT_DIR_OTHER:
		g_set_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_NOT_OURS,
			"%s is not a Systole export (no " MARKER "); remove "
			"it yourself or choose another folder",
			dir);
		return FALSE;
	case SY_EXPORT_DIR_NOT_FOLDER: break;
	}
	g_set_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_NOT_OURS,
		"%s is not a folder; remove it yourself or choose another "
		"folder",
		dir);
	return FALSE;
}

/* Leftovers */

/* "NAME-XXXXXX" as mkdtemp and mkstemp make them from prefix. */
static gboolean temporary_name(const char *name, const char *prefix)
{
	return g_str_has_prefix(name, prefix) &&
		strlen(name) == strlen(prefix) + 6;
}

/* One leftover, locked by us: removed if it is ours; an old project
 * moved aside goes back to dir if nothing took its place. */
static void clean_one(const char *path, gboolean old, const char *dir)
{
	GStatBuf st;

	if (g_lstat(path, &st) != 0)
		return;
	if (S_ISREG(st.st_mode) && !old) {
		g_unlink(path);
		return;
	}
	if (!S_ISDIR(st.st_mode))
		return;
	if (!has_marker(path)) {
		g_rmdir(path); /* only if empty: killed before its marker */
		return;
	}
	if (old && dir && sy_export_dir_state(dir) == SY_EXPORT_DIR_ABSENT &&
		g_rename(path, dir) == 0)
		return;
	remove_tree(path);
}

/* What killed runs left next to parent/base (dir: the folder to give
 * an old project back to, NULL for a file).  A run alive holds a lock
 * on its own entry, and locks die with their process. */
static void clean_leftovers(
	const char *parent, const char *base, const char *dir)
{
	g_autofree char *tmp = g_strdup_printf(".%s.tmp-", base);
	g_autofree char *old = g_strdup_printf(".%s.old-", base);
	g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
	GDir *d = g_dir_open(parent, 0, NULL);
	const char *name;

	while (d && (name = g_dir_read_name(d)))
		if (temporary_name(name, tmp) || temporary_name(name, old))
			g_ptr_array_add(names, g_strdup(name));
	if (d)
		g_dir_close(d);
	g_ptr_array_sort(names, (GCompareFunc)g_strcmp0);
	for (guint i = 0; i < names->len; i++) {
		const char *leftover = g_ptr_array_index(names, i);
		g_autofree char *path = g_build_filename(
			parent, leftover, NULL);
		int fd = g_open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, 0);

		if (fd < 0)
			continue;
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			clean_one(path, temporary_name(leftover, old), dir);
		close(fd);
	}
}

/* Writing */

/* Writes len bytes to fd; errno on failure. */
static int write_fd(int fd, const char *data, gsize len)
{
	while (len > 0) {
		gssize n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		data += n;
		len -= (gsize)n;
	}
	return 0;
}

/* A new file; errno on failure. */
static int write_new(const char *path, const char *data, gsize len)
{
	int fd = g_open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	int e;

	if (fd < 0)
		return errno;
	e = write_fd(fd, data, len);
	if (close(fd) != 0 && !e)
		e = errno;
	return e;
}

/* The marker, then every file, into root. */
static gboolean write_all(const SyExportFiles *files, const char *root,
	const char *dir, GError **error)
{
	g_autofree char *marker = g_build_filename(root, MARKER, NULL);
	int e = write_new(marker, MARKER_TEXT, strlen(MARKER_TEXT));

	if (e)
		return fail(error, dir, e);
	for (guint i = 0; i < files->paths->len; i++) {
		const char *rel = g_ptr_array_index(files->paths, i);
		g_autofree char *path = g_build_filename(root, rel, NULL);
		g_autofree char *folder = g_path_get_dirname(path);
		g_autofree char *what = g_strdup_printf("%s: %s", dir, rel);
		GBytes *bytes = g_ptr_array_index(files->contents, i);
		gsize len;
		const char *data = g_bytes_get_data(bytes, &len);

		if (g_mkdir_with_parents(folder, 0755) != 0)
			return fail(error, what, errno);
		e = write_new(path, data, len);
		if (e)
			return fail(error, what, e);
		if (i == 0)
			test_kill("writing");
	}
	test_kill("written");
	return TRUE;
}

/* Without RENAME_EXCHANGE: the old project aside, the new one in. */
static gboolean replace_in_two(const char *tmp, const char *dir,
	const char *parent, const char *base, const char *shown, GError **error)
{
	g_autofree char *old = g_strdup_printf(
		"%s/.%s.old-XXXXXX", parent, base);
	int e;

	if (!g_mkdtemp_full(old, 0755))
		return fail(error, shown, errno);
	/* A folder renames over an empty one. */
	if (g_rename(dir, old) != 0) {
		e = errno;
		g_rmdir(old);
		return fail(error, shown, e);
	}
	test_kill("moved");
	if (g_rename(tmp, dir) != 0) {
		e = errno;
		g_rename(old, dir);
		return fail(error, shown, e);
	}
	remove_tree(old);
	return TRUE;
}

/* tmp (written whole) into dir's place, by one rename where the file
 * system allows. */
static gboolean put_in_place(const char *tmp, const char *dir,
	const char *parent, const char *base, const char *shown, gboolean force,
	GError **error)
{
	switch (sy_export_dir_state(dir)) {
	case SY_EXPORT_DIR_ABSENT:
		if (rename_flags(tmp, dir, RENAME_NOREPLACE) == 0)
			return TRUE;
		if (!unsupported(errno))
			return fail(error, shown, errno);
		/* Without the flag, a plain rename does the same. */
		G_GNUC_FALLTHROUGH;
	case SY_EXPORT_DIR_EMPTY:
		/* An empty folder is replaced in the same step. */
		if (g_rename(tmp, dir) == 0)
			return TRUE;
		return fail(error, shown, errno);
	case SY_EXPORT_DIR_EXPORT:
		if (!force)
			break;
		if (rename_flags(tmp, dir, RENAME_EXCHANGE) == 0) {
			test_kill("swapped");
			remove_tree(tmp); /* the old project, now there */
			return TRUE;
		}
		if (!unsupported(errno))
			return fail(error, shown, errno);
		return replace_in_two(tmp, dir, parent, base, shown, error);
	default: break;
	}
	/* Something came in the meantime: say what. */
	if (!sy_export_write_allowed(shown, force, error))
		return FALSE;
	return fail(error, shown, EEXIST);
}

gboolean sy_export_write(const SyExportFiles *files, const char *shown,
	gboolean force, GError **error)
{
	g_autofree char *dir = canonical(shown);
	g_autofree char *parent = g_path_get_dirname(dir);
	g_autofree char *base = g_path_get_basename(dir);
	g_autofree char *tmp = g_strdup_printf(
		"%s/.%s.tmp-XXXXXX", parent, base);
	gboolean ok;
	int lock;

	clean_leftovers(parent, base, dir);
	if (!sy_export_write_allowed(shown, force, error))
		return FALSE;
	if (!g_mkdtemp_full(tmp, 0755))
		return fail(error, shown, errno);
	/* Ours while we live: leftovers of dead runs have no lock. */
	lock = g_open(tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
	if (lock >= 0)
		flock(lock, LOCK_EX);
	ok = write_all(files, tmp, shown, error) &&
		put_in_place(tmp, dir, parent, base, shown, force, error);
	if (!ok)
		remove_tree(tmp);
	if (lock >= 0)
		close(lock);
	return ok;
}

gboolean sy_export_file_allowed(
	const char *path, gboolean force, GError **error)
{
	GStatBuf st;

	if (g_lstat(path, &st) != 0)
		return parent_ready(path, error);
	if (!S_ISREG(st.st_mode)) {
		g_set_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_NOT_OURS,
			"%s is not a regular file; remove it yourself or "
			"choose another name",
			path);
		return FALSE;
	}
	if (!force) {
		g_set_error(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_EXISTS,
			"%s exists; nothing was written", path);
		return FALSE;
	}
	return TRUE;
}

gboolean sy_export_write_file(const char *path, const char *text, gsize len,
	gboolean force, GError **error)
{
	g_autofree char *parent = g_path_get_dirname(path);
	g_autofree char *base = g_path_get_basename(path);
	g_autofree char *tmp = g_strdup_printf(
		"%s/.%s.tmp-XXXXXX", parent, base);
	GStatBuf st;
	gboolean exists;
	int fd, e, r;

	clean_leftovers(parent, base, NULL);
	if (!sy_export_file_allowed(path, force, error))
		return FALSE;
	exists = g_lstat(path, &st) == 0;
	fd = g_mkstemp_full(tmp, O_RDWR | O_CLOEXEC, 0666);
	if (fd < 0)
		return fail(error, path, errno);
	flock(fd, LOCK_EX);
	e = write_fd(fd, text, len);
	if (!e) {
		test_kill("written");
		r = exists ? g_rename(tmp, path)
			   : rename_flags(tmp, path, RENAME_NOREPLACE);
		if (r != 0 && !exists && unsupported(errno))
			r = g_rename(tmp, path);
		e = r != 0 ? errno : 0;
	}
	if (e)
		g_unlink(tmp);
	close(fd);
	return e ? fail(error, path, e) : TRUE;
}
