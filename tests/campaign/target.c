/*
 * A program under test for `fracture run` with known answers: the tests beside it compile it
 * (cc -O1) and restate its rules to compute the expected outcome of every variant on their own. C,
 * not a script: a run costs well under a millisecond of CPU, so a loaded machine does not turn
 * slow starts into timeouts.
 *
 * Reads the file named by its first argument (as it is, or after `--input=`), or standard input
 * without one, and looks at its first
 * five bytes, expected to be "FRAC" and "a":
 *
 *   byte 0 not F: killed by SIGSEGV (crashed)
 *   byte 1 not R: sleeps 60 s (hung at any test timeout)
 *   byte 2 not A: a Rust panic on standard error, exit 101 (crashed)
 *   byte 3 not C: "not a FRAC file" on standard error, exit 3 (rejected)
 *   byte 4 not a: an AddressSanitizer report with this process's id and addresses, then abort
 *                 (SIGABRT: crashed)
 *   otherwise:    exit 0 (accepted)
 *
 * Every run first prints "read N bytes" on standard output. Only the first rule that applies counts.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *name = argc > 1 ? argv[1] : NULL;
  if (name && strncmp(name, "--input=", 8) == 0) name += 8;
  FILE *in = name ? fopen(name, "rb") : stdin;
  if (!in) return 2;
  unsigned char head[5] = {0};
  size_t total = 0, got;
  unsigned char buf[4096];
  while ((got = fread(buf, 1, sizeof buf, in)) > 0) {
    for (size_t i = 0; i < got && total + i < 5; i++) head[total + i] = buf[i];
    total += got;
  }
  printf("read %zu bytes\n", total);
  fflush(stdout);
  int pid = (int)getpid();
  if (head[0] != 'F') kill(getpid(), SIGSEGV);
  if (head[1] != 'R') sleep(60);
  if (head[2] != 'A') {
    fprintf(stderr, "thread 'main' panicked at src/parse.rs:%d:9:\nbad magic byte %d\n", 40 + head[2] % 7, head[2]);
    return 101;
  }
  if (head[3] != 'C') {
    fprintf(stderr, "not a FRAC file\n");
    return 3;
  }
  if (head[4] != 'a') {
    fprintf(stderr,
            "==%d==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020%08x at pc 0x4c3f%02x\n"
            "READ of size 1 at 0x6020%08x thread T0\n"
            "    #0 0x4c3f%02x in parse_body /src/frac.c:%d\n"
            "    #1 0x4c40aa in main /src/frac.c:12\n"
            "    #2 0x7f00%04x in __libc_start_main\n"
            "    #3 0x41a0b0 in _start\n",
            pid, pid, head[4], pid, head[4], 100 + head[4], pid & 0xffff);
    fflush(stderr);
    abort();
  }
  return 0;
}
