/* A small PNG reader for `make fuzz-demo` (scripts/fuzz-demo.sh, docs/mutators.md): the kind of target
 * a fuzzer meets. It walks the chunks, rejects any chunk whose CRC-32 is wrong (as libpng does, so a
 * mutation that breaks a checksum stops here), then checks IHDR, PLTE, tEXt, IDAT and IEND the way a
 * decoder would. One deep condition crashes it: a palette image (colour type 3) with 16-bit samples,
 * which PNG forbids, reaches a palette lookup sized for 8 bits, and the reader aborts. Reaching it
 * takes changes to two IHDR bytes with the chunk's CRC kept valid.
 *
 *   afl-clang-fast -O1 -o png_target tests/afl/png_target.c && ./png_target file.png
 *   clang -O1 -fsanitize=fuzzer -DFRACTURE_LIBFUZZER -o png_fuzzer tests/afl/png_target.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INPUT (1 << 20)

static uint32_t crc_table[256];

static void crc_init(void) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
}

static uint32_t crc32_png(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

struct image {
  uint32_t width, height;
  int bit_depth, color_type, interlace;
  int palette_entries;
  uint8_t palette[256 * 3];
  size_t idat_bytes;
  int text_chunks;
};

/* 1 if the bit depth is allowed for the colour type (PNG, section 11.2.2). */
static int depth_ok(int color_type, int depth) {
  switch (color_type) {
    case 0:
      return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case 2:
    case 4:
    case 6:
      return depth == 8 || depth == 16;
    case 3:
      return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    default:
      return 0;
  }
}

static int read_ihdr(struct image *im, const uint8_t *d, uint32_t len) {
  if (len != 13) return -1;
  im->width = be32(d);
  im->height = be32(d + 4);
  im->bit_depth = d[8];
  im->color_type = d[9];
  if (im->width == 0 || im->height == 0 || im->width > 0x7FFFFFFF || im->height > 0x7FFFFFFF) return -1;
  if (d[10] != 0 || d[11] != 0) return -1; /* compression and filter methods */
  if (d[12] > 1) return -1;
  im->interlace = d[12];
  if (im->color_type == 3 && im->bit_depth == 16) {
    /* The reader's bug: it trusts the depth, and a 16-bit palette index overruns the 256-entry
     * palette. The fuzzer is meant to find this. */
    fprintf(stderr, "palette image with 16-bit samples\n");
    abort();
  }
  if (!depth_ok(im->color_type, im->bit_depth)) return -1;
  return 0;
}

static int read_plte(struct image *im, const uint8_t *d, uint32_t len) {
  if (len == 0 || len % 3 != 0 || len > 256 * 3) return -1;
  if (im->color_type == 0 || im->color_type == 4) return -1;
  im->palette_entries = (int)(len / 3);
  if (im->color_type == 3 && im->palette_entries > (1 << im->bit_depth)) return -1;
  memcpy(im->palette, d, len);
  return 0;
}

static int read_text(struct image *im, const uint8_t *d, uint32_t len) {
  uint32_t k = 0;
  while (k < len && d[k] != 0) {
    if (d[k] < 32 || d[k] > 126) return -1;
    if (d[k] == ' ' && (k == 0 || d[k - 1] == ' ')) return -1;
    k++;
  }
  if (k == 0 || k > 79 || k == len) return -1;
  for (uint32_t i = k + 1; i < len; i++) {
    if (d[i] == 0) return -1;
    if (d[i] >= 0x7F && d[i] < 0xA0) return -1;
  }
  im->text_chunks++;
  return 0;
}

static int parse(const uint8_t *buf, size_t n) {
  static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  struct image im;
  memset(&im, 0, sizeof im);
  if (n < 8 || memcmp(buf, sig, 8) != 0) return -1;
  size_t p = 8;
  int seen_ihdr = 0, seen_idat = 0, after_idat = 0;
  while (p + 12 <= n) {
    uint32_t len = be32(buf + p);
    const uint8_t *type = buf + p + 4;
    if (len > n - p - 12) return -1;
    const uint8_t *data = buf + p + 8;
    if (crc32_png(type, 4 + (size_t)len) != be32(data + len)) return -1; /* bad CRC: rejected */
    for (int i = 0; i < 4; i++)
      if (!((type[i] >= 'A' && type[i] <= 'Z') || (type[i] >= 'a' && type[i] <= 'z'))) return -1;
    p += 12 + (size_t)len;
    if (!seen_ihdr) {
      if (memcmp(type, "IHDR", 4) != 0 || read_ihdr(&im, data, len) != 0) return -1;
      seen_ihdr = 1;
    } else if (memcmp(type, "PLTE", 4) == 0) {
      if (seen_idat || read_plte(&im, data, len) != 0) return -1;
    } else if (memcmp(type, "tEXt", 4) == 0) {
      if (read_text(&im, data, len) != 0) return -1;
    } else if (memcmp(type, "IDAT", 4) == 0) {
      if (after_idat) return -1;
      if (im.color_type == 3 && im.palette_entries == 0) return -1;
      seen_idat = 1;
      im.idat_bytes += len;
    } else if (memcmp(type, "IEND", 4) == 0) {
      if (!seen_idat || len != 0) return -1;
      return p == n ? 0 : 1; /* 1: bytes after IEND */
    } else if (type[0] & 0x20) {
      if (seen_idat) after_idat = 1; /* an ancillary chunk: skipped */
    } else {
      return -1; /* an unknown critical chunk */
    }
  }
  return -1; /* no IEND */
}

#ifdef FRACTURE_LIBFUZZER
/* The same reader as a libFuzzer target (clang -fsanitize=fuzzer -DFRACTURE_LIBFUZZER). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready = 0;
  if (!ready) {
    crc_init();
    ready = 1;
  }
  parse(data, size);
  return 0;
}
#else
int main(int argc, char **argv) {
  static uint8_t buf[MAX_INPUT];
  FILE *f = argc > 1 ? fopen(argv[1], "rb") : stdin;
  if (!f) return 2;
  size_t n = fread(buf, 1, sizeof buf, f);
  if (f != stdin) fclose(f);
  crc_init();
  int r = parse(buf, n);
  printf("%s\n", r == 0 ? "ok" : r == 1 ? "ok, trailing bytes" : "rejected");
  return 0;
}
#endif
