/* The fuzzer mutator through its C interface, as AFL++ and libFuzzer meet it: dlopen() the shared
 * library, look the entry points up by name and call them (docs/mutators.md).
 *
 *   gcc -O2 -o test_mutator tests/afl/test_mutator.c -ldl && ./test_mutator target/release/libfracture_afl.so
 *
 * Checks: determinism for one init seed across two states; different seeds give different streams;
 * max_size respected (0, 1, below the input's length, above it); the input is never changed; PNG
 * chunk CRC-32s valid after every call on a PNG (walked by the input's layout, as the contract's fix
 * walks it, or, after a chunk change, by the output's own), and the PNG still changed;
 * afl_custom_describe names the draw; a bad FRACTURE_MUTATOR_MODES or FRACTURE_MUTATOR_KINDS fails
 * init; afl_custom_queue_new_entry reads the entry AFL++ saved; LLVMFuzzerCustomMutator writes in
 * place within max_size. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef void *(*init_fn)(void *afl, unsigned int seed);
typedef size_t (*fuzz_fn)(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf, uint8_t *add_buf,
                          size_t add_buf_size, size_t max_size);
typedef const char *(*describe_fn)(void *data, size_t max_description_len);
typedef void (*deinit_fn)(void *data);
typedef uint32_t (*count_fn)(void *data, const uint8_t *buf, size_t buf_size);
typedef uint8_t (*new_entry_fn)(void *data, const char *filename_new_queue, const char *filename_orig_queue);
typedef size_t (*llvm_fn)(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static init_fn afl_init;
static fuzz_fn afl_fuzz;
static describe_fn afl_describe;
static deinit_fn afl_deinit;
static new_entry_fn afl_new_entry;
static count_fn afl_fuzz_count;
static llvm_fn llvm_mutate;

static int failures = 0;
static int checks = 0;
#define CHECK(cond, ...)                                   \
  do {                                                     \
    checks++;                                              \
    if (!(cond)) {                                         \
      failures++;                                          \
      fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                        \
      fprintf(stderr, "\n");                               \
    }                                                      \
  } while (0)

/* CRC-32 (PNG's, the zlib one), bitwise: small and obviously right. */
static uint32_t crc32_png(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return c ^ 0xFFFFFFFFu;
}

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put_be32(uint8_t *p, uint32_t v) {
  p[0] = v >> 24;
  p[1] = v >> 16;
  p[2] = v >> 8;
  p[3] = v;
}

/* Appends a chunk with a correct CRC to buf at *n. */
static void chunk(uint8_t *buf, size_t *n, const char *type, const uint8_t *data, uint32_t len) {
  put_be32(buf + *n, len);
  memcpy(buf + *n + 4, type, 4);
  if (len) memcpy(buf + *n + 8, data, len);
  put_be32(buf + *n + 8 + len, crc32_png(buf + *n + 4, 4 + len));
  *n += 12 + len;
}

/* A PNG-shaped file of about `approx` bytes: IHDR, tEXt chunks, IDAT chunks of varied bytes, IEND. */
static size_t make_png(uint8_t *buf, size_t approx) {
  static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  uint8_t ihdr[13] = {0, 0, 0, 16, 0, 0, 0, 16, 8, 2, 0, 0, 0};
  uint8_t data[1000];
  size_t n = 0;
  memcpy(buf, sig, 8);
  n = 8;
  chunk(buf, &n, "IHDR", ihdr, 13);
  chunk(buf, &n, "tEXt", (const uint8_t *)"Comment\0made by the mutator test", 32);
  uint32_t x = 12345;
  while (n + 1000 + 12 + 12 < approx) {
    for (int i = 0; i < 1000; i++) {
      x = x * 1103515245u + 12345u;
      data[i] = (uint8_t)(x >> 16);
    }
    chunk(buf, &n, "IDAT", data, 1000);
  }
  chunk(buf, &n, "IEND", NULL, 0);
  return n;
}

/* Chunk CRCs of `out`, at the positions of `in`'s chunks (the input's layout, which fixing walks):
 * the number of complete chunks whose stored CRC is wrong. */
static int bad_crcs(const uint8_t *in, size_t in_n, const uint8_t *out, size_t out_n) {
  int bad = 0;
  size_t p = 8;
  while (p + 12 <= in_n) {
    uint32_t len = be32(in + p);
    if (p + 12 + (size_t)len > in_n || p + 12 + (size_t)len > out_n) break;
    if (crc32_png(out + p + 4, 4 + (size_t)len) != be32(out + p + 8 + len)) bad++;
    p += 12 + (size_t)len;
  }
  return bad;
}

/* After a chunk change the output has its own layout: the number of its chunks whose CRC is wrong,
 * or -1 when it does not end with a whole chunk. */
static int bad_own_crcs(const uint8_t *out, size_t n) {
  int bad = 0;
  size_t p = 8;
  while (p + 12 <= n) {
    uint32_t len = be32(out + p);
    if (p + 12 + (size_t)len > n) return -1;
    if (crc32_png(out + p + 4, 4 + (size_t)len) != be32(out + p + 8 + len)) bad++;
    p += 12 + (size_t)len;
  }
  return p == n ? bad : -1;
}

/* Runs `calls` mutations of `in` on a state seeded `seed`; writes a hash of each output to hashes. */
static uint64_t fnv(const uint8_t *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h ^ n;
}

static void stream_hashes(unsigned seed, const uint8_t *in, size_t n, size_t max, int calls, uint64_t *hashes) {
  void *s = afl_init(NULL, seed);
  CHECK(s != NULL, "afl_custom_init(seed %u) returned NULL", seed);
  if (!s) return;
  for (int i = 0; i < calls; i++) {
    uint8_t *out = NULL;
    size_t m = afl_fuzz(s, (uint8_t *)in, n, &out, NULL, 0, max);
    hashes[i] = m ? fnv(out, m) : 0;
  }
  afl_deinit(s);
}

static void *sym(void *lib, const char *name) {
  void *p = dlsym(lib, name);
  if (!p) {
    fprintf(stderr, "FAIL: %s not exported: %s\n", name, dlerror());
    exit(1);
  }
  return p;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s path/to/libfracture_afl.so\n", argv[0]);
    return 2;
  }
  unsetenv("FRACTURE_MUTATOR_MODES");
  unsetenv("FRACTURE_MUTATOR_NAME");
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "FAIL: dlopen: %s\n", dlerror());
    return 1;
  }
  afl_init = (init_fn)sym(lib, "afl_custom_init");
  afl_fuzz = (fuzz_fn)sym(lib, "afl_custom_fuzz");
  afl_describe = (describe_fn)sym(lib, "afl_custom_describe");
  afl_deinit = (deinit_fn)sym(lib, "afl_custom_deinit");
  afl_new_entry = (new_entry_fn)sym(lib, "afl_custom_queue_new_entry");
  afl_fuzz_count = (count_fn)sym(lib, "afl_custom_fuzz_count");
  llvm_mutate = (llvm_fn)sym(lib, "LLVMFuzzerCustomMutator");

  enum { CALLS = 200 };
  static uint8_t text[3000];
  for (size_t i = 0; i < sizeof text; i++) text[i] = "the quick brown fox jumps over the lazy dog\n"[i % 44];
  static uint8_t big[20000]; /* from 8192 bytes on every mode may be drawn */
  for (size_t i = 0; i < sizeof big; i++) big[i] = (uint8_t)(i * 131u + (i >> 7));

  /* 1. Determinism: two states with one seed give the same outputs, call for call. */
  {
    static uint64_t a[CALLS], b[CALLS];
    stream_hashes(42, text, sizeof text, 1 << 20, CALLS, a);
    stream_hashes(42, text, sizeof text, 1 << 20, CALLS, b);
    CHECK(memcmp(a, b, sizeof a) == 0, "two states seeded 42 differ (text)");
    stream_hashes(42, big, sizeof big, 1 << 20, CALLS / 4, a);
    stream_hashes(42, big, sizeof big, 1 << 20, CALLS / 4, b);
    CHECK(memcmp(a, b, sizeof(uint64_t) * (CALLS / 4)) == 0, "two states seeded 42 differ (20000 bytes)");
    /* Calls differ from each other within one stream. */
    int distinct = 0;
    stream_hashes(42, text, sizeof text, 1 << 20, CALLS, a);
    for (int i = 1; i < CALLS; i++) distinct += a[i] != a[i - 1];
    CHECK(distinct > CALLS * 9 / 10, "only %d of %d consecutive outputs differ", distinct, CALLS - 1);
  }

  /* 2. Different init seeds give different streams. */
  {
    static uint64_t a[CALLS], b[CALLS];
    stream_hashes(42, text, sizeof text, 1 << 20, CALLS, a);
    stream_hashes(43, text, sizeof text, 1 << 20, CALLS, b);
    int same = 0;
    for (int i = 0; i < CALLS; i++) same += a[i] == b[i];
    CHECK(same < CALLS / 10, "seeds 42 and 43 agree on %d of %d outputs", same, CALLS);
  }

  /* 3. max_size: never more, whatever the input's length; the input is never changed. */
  {
    void *s = afl_init(NULL, 7);
    static uint8_t copy[sizeof big];
    const size_t maxes[] = {0, 1, 2, 100, sizeof text - 1, sizeof text, sizeof text + 1, 1 << 20};
    for (int round = 0; round < 20; round++) {
      for (size_t j = 0; j < sizeof maxes / sizeof maxes[0]; j++) {
        const uint8_t *in = round % 2 ? big : text;
        size_t n = round % 2 ? sizeof big : sizeof text;
        memcpy(copy, in, n);
        uint8_t *out = NULL;
        size_t m = afl_fuzz(s, copy, n, &out, NULL, 0, maxes[j]);
        CHECK(m <= maxes[j], "returned %zu bytes with max_size %zu", m, maxes[j]);
        CHECK(m == 0 || out != NULL, "returned %zu bytes and no buffer", m);
        CHECK(memcmp(copy, in, n) == 0, "the input changed (max_size %zu)", maxes[j]);
        if (maxes[j] > 0 && m == 0) CHECK(0, "empty output for a %zu-byte input, max_size %zu", n, maxes[j]);
      }
    }
    /* An empty input. */
    uint8_t *out = NULL;
    CHECK(afl_fuzz(s, text, 0, &out, NULL, 0, 100) == 0, "an empty input gave bytes");
    const char *d = afl_describe(s, 256);
    CHECK(d && strncmp(d, "fracture-", 9) == 0, "describe: %s", d ? d : "(null)");
    d = afl_describe(s, 5);
    CHECK(d && strlen(d) <= 5, "describe ignored max_description_len: %s", d ? d : "(null)");
    afl_deinit(s);
    afl_deinit(NULL);
  }

  /* 4. PNG: every chunk CRC valid after every call, and the bytes still changed. */
  {
    static uint8_t png[30000], copy[30000];
    const size_t sizes[] = {200, 3000, 30000};
    for (int k = 0; k < 3; k++) {
      size_t n = make_png(png, sizes[k]);
      CHECK(bad_crcs(png, n, png, n) == 0, "the test's own PNG has bad CRCs");
      memcpy(copy, png, n);
      copy[n / 2] ^= 1; /* the checker sees one flipped bit */
      CHECK(bad_crcs(png, n, copy, n) == 1, "the CRC checker missed a flipped bit");
      void *s = afl_init(NULL, 1000 + k);
      int changed = 0, bad_calls = 0;
      char seen_modes[512] = "";
      for (int i = 0; i < CALLS; i++) {
        memcpy(copy, png, n);
        uint8_t *out = NULL;
        size_t m = afl_fuzz(s, copy, n, &out, NULL, 0, 1 << 20);
        const char *d = afl_describe(s, 256);
        /* A chunk change (resize, duplicate, drop, retype) keeps every chunk whole, by the output's
         * own layout; every other change keeps the length and the input's layout. */
        int chunk_change = d && strstr(d, "-chunk_") != NULL;
        int bad;
        if (chunk_change) {
          bad = bad_own_crcs(out, m);
        } else {
          CHECK(m == n, "a PNG call changed the length: %zu -> %zu (%s)", n, m, d ? d : "?");
          if (m != n) continue;
          bad = bad_crcs(png, n, out, m);
        }
        if (bad) {
          bad_calls++;
          if (bad_calls <= 3) fprintf(stderr, "  %d bad CRCs after %s\n", bad, d ? d : "?");
        }
        if (m != n || memcmp(out, png, n) != 0) changed++;
        if (d && strstr(d, "-fix") == NULL) CHECK(0, "a PNG draw without checksum fixing: %s", d);
        if (d && strlen(seen_modes) < 400) {
          char mode[64];
          if (sscanf(d, "fracture-%63[a-z_]", mode) == 1 && !strstr(seen_modes, mode)) {
            strcat(seen_modes, mode);
            strcat(seen_modes, " ");
          }
        }
      }
      CHECK(bad_calls == 0, "%zu-byte PNG: %d of %d calls left bad CRCs", n, bad_calls, CALLS);
      CHECK(changed > CALLS * 9 / 10, "%zu-byte PNG: only %d of %d calls changed it", n, changed, CALLS);
      printf("png %zu bytes: %d calls, %d changed, CRCs valid in all; modes drawn: %s\n", n, CALLS, changed,
             seen_modes);
      afl_deinit(s);
    }
  }

  /* 5. A bad FRACTURE_MUTATOR_MODES fails init; a good one limits the draws. */
  {
    setenv("FRACTURE_MUTATOR_MODES", "byte_flip,no_such_mode", 1);
    void *s = afl_init(NULL, 1);
    CHECK(s == NULL, "init accepted FRACTURE_MUTATOR_MODES=byte_flip,no_such_mode");
    afl_deinit(s);
    unsetenv("FRACTURE_MUTATOR_MODES");
    setenv("FRACTURE_MUTATOR_KINDS", "engine,bits", 1);
    s = afl_init(NULL, 1);
    CHECK(s == NULL, "init accepted FRACTURE_MUTATOR_KINDS=engine,bits");
    afl_deinit(s);
    /* The engine's modes alone (no havoc or chunk changes), and of them interrupted_transfer. */
    setenv("FRACTURE_MUTATOR_KINDS", "engine", 1);
    setenv("FRACTURE_MUTATOR_MODES", "interrupted_transfer", 1);
    s = afl_init(NULL, 1);
    CHECK(s != NULL, "init refused FRACTURE_MUTATOR_MODES=interrupted_transfer");
    for (int i = 0; s && i < 50; i++) {
      uint8_t *out = NULL;
      size_t m = afl_fuzz(s, text, sizeof text, &out, NULL, 0, 1 << 20);
      CHECK(m < sizeof text && memcmp(out, text, m) == 0, "interrupted_transfer gave no prefix (%zu bytes)", m);
      /* AFL++ 4.40c's FrameShift writes the entry's length fields at the entry's offsets into the
       * output, past the end of a shorter one: the buffer must hold the whole input's length. */
      CHECK(malloc_usable_size(out) >= sizeof text, "a %zu-byte output of a %zu-byte input has room for %zu", m,
            sizeof text, malloc_usable_size(out));
    }
    afl_deinit(s);
    unsetenv("FRACTURE_MUTATOR_MODES");
    unsetenv("FRACTURE_MUTATOR_KINDS");
  }

  /* 5b. afl_custom_queue_new_entry: AFL++ names the file of a new corpus entry; the call reads it
   * (when it is the last output) and returns 0 (the file unchanged), and ignores NULL and a file
   * that is not there. */
  {
    void *s = afl_init(NULL, 3);
    uint8_t *out = NULL;
    size_t m = afl_fuzz(s, text, sizeof text, &out, NULL, 0, 1 << 20);
    char path[] = "/tmp/fracture-mutator-test-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp failed");
    FILE *f = fdopen(fd, "wb");
    fwrite(out, 1, m, f);
    fclose(f);
    CHECK(afl_new_entry(s, path, NULL) == 0, "queue_new_entry returned non-zero");
    FILE *g = fopen(path, "rb");
    static uint8_t back[sizeof text + 4096];
    size_t r = g ? fread(back, 1, sizeof back, g) : 0;
    if (g) fclose(g);
    CHECK(r == m && memcmp(back, out, m) == 0, "queue_new_entry changed the entry's file");
    unlink(path);
    CHECK(afl_new_entry(s, path, NULL) == 0, "queue_new_entry on a missing file");
    CHECK(afl_new_entry(s, NULL, NULL) == 0, "queue_new_entry on NULL");
    CHECK(afl_new_entry(NULL, path, NULL) == 0, "queue_new_entry without a state");
    /* afl_custom_fuzz_count: a full stage for a PNG (its CRCs are kept), a sixteenth for text. */
    static uint8_t png[400];
    size_t pn = make_png(png, 400);
    uint32_t on_png = afl_fuzz_count(s, png, pn), on_text = afl_fuzz_count(s, text, sizeof text);
    CHECK(on_png == 256 && on_text == 16, "fuzz_count: %u for a PNG, %u for text", on_png, on_text);
    CHECK(afl_fuzz_count(NULL, png, pn) == 0, "fuzz_count without a state");
    afl_deinit(s);
  }

  /* 6. LLVMFuzzerCustomMutator: in place, within max_size (guard bytes past it stay), deterministic
   * for a seed, different for another. */
  {
    enum { GUARD = 64 };
    static uint8_t a[sizeof big + GUARD], b[sizeof big + GUARD];
    const size_t maxes[] = {1, 10, sizeof text / 2, sizeof text, sizeof text + 500};
    int same_other_seed = 0, tries = 0;
    for (unsigned seed = 1; seed <= 40; seed++) {
      for (size_t j = 0; j < sizeof maxes / sizeof maxes[0]; j++) {
        size_t max = maxes[j], n = sizeof text < max ? sizeof text : max;
        memset(a, 0xA5, sizeof a);
        memset(b, 0xA5, sizeof b);
        memcpy(a, text, n);
        memcpy(b, text, n);
        size_t ma = llvm_mutate(a, n, max, seed);
        size_t mb = llvm_mutate(b, n, max, seed);
        CHECK(ma <= max, "LLVMFuzzerCustomMutator returned %zu with max_size %zu", ma, max);
        CHECK(ma == mb && memcmp(a, b, sizeof a) == 0, "seed %u, max %zu: two calls differ", seed, max);
        int guard_ok = 1;
        for (size_t g = max; g < max + GUARD; g++) guard_ok &= a[g] == 0xA5;
        CHECK(guard_ok, "wrote past max_size %zu", max);
        if (max >= sizeof text) {
          memset(b, 0xA5, sizeof b);
          memcpy(b, text, n);
          size_t mo = llvm_mutate(b, n, max, seed + 1000);
          tries++;
          same_other_seed += mo == ma && memcmp(a, b, ma) == 0;
          CHECK(ma != n || memcmp(a, text, n) != 0, "seed %u: the data did not change", seed);
        }
      }
    }
    CHECK(same_other_seed < tries / 10, "other seeds gave the same bytes %d of %d times", same_other_seed, tries);
    CHECK(llvm_mutate(a, 0, 0, 1) == 0, "max_size 0 gave bytes");
  }

  printf("%d checks, %d failed\n", checks, failures);
  dlclose(lib);
  return failures ? 1 : 0;
}
