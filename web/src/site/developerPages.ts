// The developer pages as the /developers hub and the footer list them: a module of its own, so the
// hub's chunk carries no page text.
/** The pages on using Fracture from test code and fuzzers, in the hub's order. */
export const DEVELOPER_PAGES: readonly { path: string; title: string; summary: string }[] = [
  {
    path: '/developers/python',
    title: 'Python, pytest and Hypothesis',
    summary: 'The fracture package for Python: corrupt(), a pytest fixture and marker, a Hypothesis strategy.',
  },
  {
    path: '/developers/fast-check',
    title: 'fast-check arbitrary',
    summary: 'fracture/fast-check: corrupted copies as a fast-check arbitrary, for Vitest, Jest and node:test.',
  },
  {
    path: '/developers/fuzzer-mutators',
    title: 'Fuzzer mutators',
    summary: 'A shared library with AFL++’s custom mutator interface and libFuzzer’s custom mutator.',
  },
  {
    path: '/developers/fault-injection',
    title: 'Fault injection with fracture mount',
    summary:
      'A FUSE mount (native, Linux) whose reads are corrupted copies, with seeded I/O faults and power cuts, logged and replayed.',
  },
];
