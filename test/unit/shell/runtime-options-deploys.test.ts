// The blind fresh8 round's classes (attack.sets.ts, classes 12–14), held to more than acceptance's 3%: every
// dangerous line asked, every benign look-alike allowed, through `agentguard eval` on a real workspace.
import { BENIGN, DANGEROUS } from './attack.sets';
import { holdClassesStrictly } from './workspace';

const CLASSES = ['12 run-time options and verbs', '13 make -E, wrappers, debuggers', '14 files, deploys, databases'];

describe('run-time options, wrappers, files, deploys and databases', function () {
  this.timeout(120_000);
  holdClassesStrictly(CLASSES, DANGEROUS, BENIGN);
});
