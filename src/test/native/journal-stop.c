/*
 * Preloaded into virt-tune by lab tests (testing/StoppedApply.java): counts the renames that
 * make a journal file under VT_STOP_STATE current (a temporary ".NAME.json.PID.THREAD.tmp" renamed
 * over it, as DurableFiles writes, or journal.json archived; not the thin-pool room's ledger), logs each to VT_STOP_LOG, and stops the
 * whole process with SIGSTOP right after the one numbered VT_STOP_AT, or the first whose content
 * holds the text VT_STOP_MATCH. A copy of what each made
 * current goes to VT_STOP_LOG.N, so a test can tell what each boundary is. strace would do the same
 * without code, but under ptrace inside User-Mode Linux an apply of seconds takes minutes.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char state[4096];
static char log_file[4096];
static long stop_at;
static char stop_match[256];
static atomic_int matched;
static atomic_long writes;

/* The commands virt-tune runs inherit all this, and never rename a file under the state directory. */
__attribute__((constructor)) static void setup(void) {
  const char *value;
  if ((value = getenv("VT_STOP_STATE")) != NULL) snprintf(state, sizeof state, "%s/", value);
  if ((value = getenv("VT_STOP_LOG")) != NULL) snprintf(log_file, sizeof log_file, "%s", value);
  if ((value = getenv("VT_STOP_AT")) != NULL) stop_at = atol(value);
  if ((value = getenv("VT_STOP_MATCH")) != NULL) snprintf(stop_match, sizeof stop_match, "%s", value);
}

/* Whether the file holds VT_STOP_MATCH; a journal is small, its first 1 MiB is all of it. */
static int holds_match(const char *path) {
  static char buffer[1 << 20];
  int in = open(path, O_RDONLY);
  if (in < 0) return 0;
  ssize_t length = read(in, buffer, sizeof buffer - 1);
  close(in);
  if (length <= 0) return 0;
  buffer[length] = '\0';
  return strstr(buffer, stop_match) != NULL;
}

static int journal_write(const char *from) {
  if (state[0] == '\0' || strncmp(from, state, strlen(state)) != 0) return 0;
  if (strstr(from, "/pools/room/") != NULL) return 0;
  const char *slash = strrchr(from, '/');
  const char *base = slash ? slash + 1 : from;
  size_t length = strlen(base);
  return (base[0] == '.' && length > 4 && strcmp(base + length - 4, ".tmp") == 0 && strstr(base, ".json.") != NULL)
      || strcmp(base, "journal.json") == 0;
}

static void copy(const char *from, long n) {
  char name[4200];
  char buffer[65536];
  ssize_t length;
  snprintf(name, sizeof name, "%s.%ld", log_file, n);
  int in = open(from, O_RDONLY);
  int out = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  while (in >= 0 && out >= 0 && (length = read(in, buffer, sizeof buffer)) > 0) {
    if (write(out, buffer, (size_t) length) != length) break;
  }
  if (in >= 0) close(in);
  if (out >= 0) close(out);
}

static void counted(int result, const char *from, const char *to) {
  if (result != 0 || !journal_write(from)) return;
  long n = atomic_fetch_add(&writes, 1) + 1;
  if (log_file[0] != '\0') {
    int fd = open(log_file, O_WRONLY | O_APPEND | O_CREAT, 0644);
    if (fd >= 0) {
      dprintf(fd, "%ld %s -> %s\n", n, from, to);
      close(fd);
    }
    copy(to, n);
  }
  /* raise: the calling thread itself stops before it returns; all the others with it. */
  if (n == stop_at) raise(SIGSTOP);
  if (stop_match[0] != '\0' && holds_match(to) && atomic_exchange(&matched, 1) == 0) raise(SIGSTOP);
}

int rename(const char *from, const char *to) {
  static int (*real)(const char *, const char *);
  if (!real) real = (int (*)(const char *, const char *)) dlsym(RTLD_NEXT, "rename");
  int result = real(from, to);
  counted(result, from, to);
  return result;
}

int renameat(int fromdir, const char *from, int todir, const char *to) {
  static int (*real)(int, const char *, int, const char *);
  if (!real) real = (int (*)(int, const char *, int, const char *)) dlsym(RTLD_NEXT, "renameat");
  int result = real(fromdir, from, todir, to);
  counted(result, from, to);
  return result;
}
