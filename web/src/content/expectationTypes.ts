// The shapes of the expectations the mode and file type pages state (expectations.ts): here, apart,
// so that the modules that hold the pages' texts share them without importing one another.

/** A hit's expectation (contract 14.2); `unchanged` is expect_overall when no byte changed. */
export type Expectation = 'reject' | 'may_accept' | 'ignored';
export type Overall = Expectation | 'unchanged';

/** One case: which damage, the expectation the report gives it, and why. */
export interface ExpectationCase {
  expect: Expectation;
  text: string;
}

/** A command as a user types it, and what its report says (checked by expectations.test.ts). */
export interface ReportExample {
  /** `npx fracture ...` on one of the sample names of pageSamples.ts. */
  command: string;
  /** The report's expect_overall. */
  overall: Overall;
  /** Paths the report's hits name (some of them), each with its expect. */
  hits: { path: string; expect: Expectation }[];
  /** What the example shows. */
  note: string;
}

export interface ModeExpectations {
  /** The expectation the mode typically produces, and why. */
  summary: string;
  cases: ExpectationCase[];
  example: ReportExample;
}
