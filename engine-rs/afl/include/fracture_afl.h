/* libfracture_afl: Fracture's corruption engine as an AFL++ custom mutator and a libFuzzer custom
 * mutator (docs/mutators.md). Build it with `make afl-mutator`; it writes
 * target/release/libfracture_afl.so. tests/afl/run.sh compiles a program against this header and
 * links it with the library, so the declarations below are the ones the library answers to. */
#ifndef FRACTURE_AFL_H
#define FRACTURE_AFL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void  *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf,
                       uint8_t *add_buf, size_t add_buf_size, size_t max_size);
const char *afl_custom_describe(void *data, size_t max_description_len);
uint32_t afl_custom_fuzz_count(void *data, const uint8_t *buf, size_t buf_size);
uint8_t afl_custom_queue_new_entry(void *data, const char *filename_new_queue,
                                   const char *filename_orig_queue);
void   afl_custom_deinit(void *data);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

#ifdef __cplusplus
}
#endif

#endif
