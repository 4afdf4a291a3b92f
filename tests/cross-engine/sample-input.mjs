// The generated input behind the "Example Data" sample report (docs/product.md, "Example Data report").
export const SAMPLE = {
  name: 'example_document.pdf',
  size: 15482880,
  mode: 'byte_flip',
  intensity: 86,
  seed: 1234567890,
};

/**
 * "%PDF-1.7\n" then xorshift32 bytes (state 1234567890) with every 16th byte a newline, which gives the
 * entropy of a compressed PDF (about 7.8 bits per byte); 15,482,880 bytes in all.
 */
export function sampleInput() {
  const out = new Uint8Array(SAMPLE.size);
  const view = new DataView(out.buffer);
  let x = 1234567890;
  const body = Math.floor(SAMPLE.size / 4) * 4;
  for (let i = 0; i < body; i += 4) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    view.setUint32(i, x, true);
  }
  for (let i = 0; i < out.length; i += 16) out[i] = 0x0a;
  out.set(new TextEncoder().encode('%PDF-1.7\n'));
  return out;
}
