/* The fuzzer mutator as a C program that includes its header and links with the library meets it
 * (engine-rs/afl/include/fracture_afl.h, the declarations /developers/fuzzer-mutators shows):
 * every declared function resolves at link time and answers through the declared types.
 *
 *   gcc -Wall -Wextra -Werror -Iengine-rs/afl/include -o link_check tests/afl/link_check.c \
 *       -Ltarget/release -lfracture_afl -Wl,-rpath,$PWD/target/release && ./link_check */
#include <fracture_afl.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  uint8_t input[64];
  for (size_t i = 0; i < sizeof input; i++) input[i] = (uint8_t)(i * 7);
  uint8_t kept[64];
  memcpy(kept, input, sizeof input);

  void *state = afl_custom_init(NULL, 7);
  if (!state) return fprintf(stderr, "FAIL: afl_custom_init returned NULL\n"), 1;
  uint8_t *out = NULL;
  size_t n = afl_custom_fuzz(state, input, sizeof input, &out, NULL, 0, 48);
  if (!out || n > 48) return fprintf(stderr, "FAIL: afl_custom_fuzz gave %zu bytes (max 48)\n", n), 1;
  if (memcmp(input, kept, sizeof input)) return fprintf(stderr, "FAIL: afl_custom_fuzz changed its input\n"), 1;
  const char *name = afl_custom_describe(state, 200);
  if (!name || strncmp(name, "fracture-", 9)) return fprintf(stderr, "FAIL: afl_custom_describe: %s\n", name ? name : "NULL"), 1;
  char described[200];
  snprintf(described, sizeof described, "%s", name);
  if (afl_custom_fuzz_count(state, input, sizeof input) == 0)
    return fprintf(stderr, "FAIL: afl_custom_fuzz_count returned 0\n"), 1;
  if (afl_custom_queue_new_entry(state, "/nonexistent/fracture-entry", NULL) != 0)
    return fprintf(stderr, "FAIL: afl_custom_queue_new_entry returned non-zero\n"), 1;
  afl_custom_deinit(state);

  uint8_t buf[80];
  memcpy(buf, kept, sizeof kept);
  size_t m = LLVMFuzzerCustomMutator(buf, sizeof kept, sizeof buf, 11);
  if (m > sizeof buf) return fprintf(stderr, "FAIL: LLVMFuzzerCustomMutator gave %zu bytes\n", m), 1;
  printf("link check: the 7 functions of fracture_afl.h linked and called (%zu and %zu bytes out, %s)\n", n, m, described);
  return 0;
}
