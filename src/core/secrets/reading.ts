// Plain reading: the masker's candidate passes turned off, for the differential check (test/unit/secrets/
// candidate-diff.test.ts, bench/mask-diff.ts --plain). The masker skips work where a cheap pass says no rule can hit:
// a block rule runs only on a text holding its gate (the pre-scan's literal bits), a form only on a text holding one
// of its gates (gates.ts: one pass of the module for ~130 literals), and a block rule with a window only on the lines
// around its locator's matches (windows.ts). Each pass is a promise that it is a superset of where its rules can
// hit. With `plain` on, every one of them is answered by reading the whole text instead (`text.includes` for each
// literal, every windowed rule over the whole text), so the masked output under plain reading is what the rules
// themselves say; any difference from the fast path is a candidate pass that skipped a place a rule hits.
// Never on in the product: it only makes masking slower.

/** Whether the candidate passes are bypassed (tests and the differential bench only). */
export const reading = { plain: false };

/** Runs `f` under plain reading (restored after, also when `f` throws). */
export function plainly<T>(f: () => T): T {
  const was = reading.plain;
  reading.plain = true;
  try {
    return f();
  } finally {
    reading.plain = was;
  }
}
