// The known answers of docs/contract.md, section 5.4 (rand_chacha 0.3.1), in the WebAssembly build, as the Rust and TypeScript
// tests check them in theirs; the worked example runs in every engine through the golden vectors.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { ESCALATION_SEQUENCE, Sequence } from '../../lib/engine/reference/sequence.ts';
// The testing build of the same crate: the shipped module has no raw-generator exports.
import init, { sequenceBelow, sequenceWords } from '../../target/wasm-testing/pkg/fracture_engine.js';

beforeAll(async () => {
  await init({
    module_or_path: readFileSync(new URL('../../target/wasm-testing/pkg/fracture_engine_bg.wasm', import.meta.url)),
  });
});

it('WebAssembly ChaCha8 sequences give the known answers', () => {
  expect(Array.from(sequenceWords(0, 0, 0, 3))).toEqual([804192318, 3594542985, 3904396159]);
  expect(Array.from(sequenceWords(1234567890, 0, 1, 3))).toEqual([1827269566, 2190482529, 1053545376]);
  expect(Array.from(sequenceWords(42, 0, 7, 3))).toEqual([2725005161, 797486905, 3481845663]);
  expect(Array.from(sequenceBelow(1234567890, 1, 1000, 5))).toEqual([425, 510, 245, 863, 895]);
});

it('the escalation sequence (2^64-1) and a large seed agree with the TypeScript generator', () => {
  const seed = 2 ** 53 - 1;
  const ts = new Sequence(seed, ESCALATION_SEQUENCE);
  const expected = Array.from({ length: 40 }, () => ts.u32());
  expect(Array.from(sequenceWords(seed, 0xffffffff, 0xffffffff, 40))).toEqual(expected);
  expect(expected).not.toEqual(Array.from(sequenceWords(seed, 0, 0, 40)));
});
