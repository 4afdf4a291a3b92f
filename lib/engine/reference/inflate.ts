// Raw DEFLATE (RFC 1951) decoding for `member` (docs/contract.md, section 6.11.2), after zlib's
// `puff`: the readable decoder, small enough to check by eye. The package has no runtime
// dependencies (the SDK ships the engine alone), so the reference engine carries its own; the Rust
// engine uses miniz_oxide. Output past `limit` bytes stops the decoding (the caller refuses it).

const LBASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
];
const LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DBASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577,
];
const DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

class Bad extends Error {}

interface Huffman {
  count: number[];
  symbol: number[];
}

/** A canonical code from its lengths; `left` > 0 is an incomplete code, < 0 an over-subscribed one. */
function construct(lengths: number[]): { h: Huffman; left: number } {
  const count = new Array<number>(16).fill(0);
  for (const l of lengths) count[l]++;
  const h: Huffman = { count, symbol: new Array<number>(lengths.length).fill(0) };
  if (count[0] === lengths.length) return { h, left: 0 };
  let left = 1;
  for (let len = 1; len <= 15; len++) {
    left = left * 2 - count[len];
    if (left < 0) return { h, left };
  }
  const offs = new Array<number>(16).fill(0);
  for (let len = 1; len < 15; len++) offs[len + 1] = offs[len] + count[len];
  lengths.forEach((l, symbol) => {
    if (l !== 0) h.symbol[offs[l]++] = symbol;
  });
  return { h, left };
}

/** The decoded bytes of `input`, at most `limit` of them (then it stops); throws on a stream that does not decode. */
export function inflateRaw(input: Uint8Array, limit: number): Uint8Array {
  const out = new Uint8Array(limit);
  let outcnt = 0;
  let incnt = 0;
  let bitbuf = 0;
  let bitcnt = 0;
  let full = false;
  const bits = (need: number): number => {
    let val = bitbuf;
    while (bitcnt < need) {
      if (incnt >= input.length) throw new Bad('unexpected end');
      val |= input[incnt++] << bitcnt;
      bitcnt += 8;
    }
    bitbuf = val >>> need;
    bitcnt -= need;
    return val & ((1 << need) - 1);
  };
  const put = (byte: number) => {
    if (outcnt >= limit) {
      full = true;
      return;
    }
    out[outcnt++] = byte;
  };
  const decode = (h: Huffman): number => {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len <= 15; len++) {
      code |= bits(1);
      const count = h.count[len];
      if (code - count < first) return h.symbol[index + (code - first)];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw new Bad('no code');
  };
  const codes = (lencode: Huffman, distcode: Huffman) => {
    for (;;) {
      let symbol = decode(lencode);
      if (symbol < 256) put(symbol);
      else if (symbol === 256) return;
      else {
        symbol -= 257;
        if (symbol >= 29) throw new Bad('bad length');
        const len = LBASE[symbol] + bits(LEXT[symbol]);
        const ds = decode(distcode);
        if (ds >= 30) throw new Bad('bad distance');
        const dist = DBASE[ds] + bits(DEXT[ds]);
        if (dist > outcnt) throw new Bad('distance too far');
        for (let i = 0; i < len && !full; i++) put(out[outcnt - dist]);
      }
      if (full) return;
    }
  };
  const fixedLengths = new Array<number>(288);
  for (let s = 0; s < 288; s++) fixedLengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
  let last = 0;
  do {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {
      bitbuf = 0;
      bitcnt = 0;
      if (incnt + 4 > input.length) throw new Bad('unexpected end');
      const len = input[incnt] | (input[incnt + 1] << 8);
      const nlen = input[incnt + 2] | (input[incnt + 3] << 8);
      incnt += 4;
      if (len !== (~nlen & 0xffff)) throw new Bad('stored length');
      if (incnt + len > input.length) throw new Bad('unexpected end');
      for (let i = 0; i < len && !full; i++) put(input[incnt + i]);
      incnt += len;
    } else if (type === 1) {
      codes(construct(fixedLengths).h, construct(new Array<number>(30).fill(5)).h);
    } else if (type === 2) {
      const nlen = bits(5) + 257;
      const ndist = bits(5) + 1;
      const ncode = bits(4) + 4;
      if (nlen > 286 || ndist > 30) throw new Bad('bad counts');
      const lengths = new Array<number>(19).fill(0);
      for (let i = 0; i < ncode; i++) lengths[ORDER[i]] = bits(3);
      const lencodeOf = construct(lengths);
      if (lencodeOf.left !== 0) throw new Bad('incomplete code-length code');
      const all: number[] = [];
      while (all.length < nlen + ndist) {
        let symbol = decode(lencodeOf.h);
        if (symbol < 16) all.push(symbol);
        else {
          let len = 0;
          if (symbol === 16) {
            if (all.length === 0) throw new Bad('repeat with no first length');
            len = all[all.length - 1];
            symbol = 3 + bits(2);
          } else if (symbol === 17) symbol = 3 + bits(3);
          else symbol = 11 + bits(7);
          if (all.length + symbol > nlen + ndist) throw new Bad('too many lengths');
          for (let i = 0; i < symbol; i++) all.push(len);
        }
      }
      if (all[256] === 0) throw new Bad('no end-of-block code');
      const lit = construct(all.slice(0, nlen));
      if (lit.left < 0 || (lit.left > 0 && nlen !== lit.h.count[0] + lit.h.count[1]))
        throw new Bad('bad literal/length code');
      const dist = construct(all.slice(nlen));
      if (dist.left < 0 || (dist.left > 0 && ndist !== dist.h.count[0] + dist.h.count[1]))
        throw new Bad('bad distance code');
      codes(lit.h, dist.h);
    } else throw new Bad('block type 3');
  } while (!last && !full);
  return out.subarray(0, outcnt);
}
