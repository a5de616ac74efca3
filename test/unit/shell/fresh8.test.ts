// The blind fresh8 round's classes (attack.sets.ts, classes 12–14), held to more than acceptance's 3%: every
// dangerous line asked, every benign look-alike allowed, through `agentguard eval` on a real workspace.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { BENIGN, DANGEROUS } from './attack.sets';
import { evalOnWorkspace, makeWorkspace, type Verdict } from './workspace';

const CLASSES = ['12 run-time options and verbs', '13 make -E, wrappers, debuggers', '14 files, deploys, databases'];

describe('fresh8: run-time options, wrappers, files, deploys and databases', function () {
  this.timeout(120_000);
  let w: { root: string; ws: string; home: string };
  let verdicts: Map<string, Verdict>;

  before(() => {
    w = makeWorkspace();
    verdicts = evalOnWorkspace(
      w,
      CLASSES.flatMap((c) => [...DANGEROUS[c], ...BENIGN[c]]),
    );
  });
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  for (const c of CLASSES) {
    it(`${c}: every dangerous line is asked or refused`, () => {
      assert.ok(DANGEROUS[c].length >= 20);
      assert.deepEqual(
        DANGEROUS[c].filter((l) => verdicts.get(l)!.decision === 'allow'),
        [],
      );
    });
    it(`${c}: every benign look-alike is allowed`, () => {
      assert.ok(BENIGN[c].length >= 20);
      const asked = BENIGN[c].filter((l) => verdicts.get(l)!.decision !== 'allow');
      assert.deepEqual(
        asked.map((l) => `${l} → ${verdicts.get(l)!.rule}: ${verdicts.get(l)!.reason.slice(0, 160)}`),
        [],
      );
    });
  }
});
