// The catalog: every named rule, in one list. Tests iterate it (each rule's examples must behave).
import { appSecretRules } from './appsecrets';
import { dbRules } from './db';
import { dbClientRules, dbStoreRules } from './dbclients';
import { dbPluginRules } from './dbplugins';
import { evalModeRules } from './evalmode';
import { execRules } from './exec';
import { fsRules } from './fs';
import { gitConfigRules, gitRules } from './git';
import { gitCredentialRules } from './gitcreds';
import { ignoreFileRules } from './ignorefiles';
import { infraRules } from './infra';
import { interpRules } from './interp';
import { lockoutRules } from './lockout';
import { metadataRules } from './metadata';
import { pkgStateRules } from './pkgstate';
import { userStateRules } from './userstate';
import { pkgSourceRules } from './pkgsource';
import { publishRules } from './publish';
import { remoteRules } from './remote';
import { rmRules } from './rm';
import { rt21Rules } from './rt21';
import { scratchLoadRules } from './scratchload';
import { secretPrintRules } from './secretprint';
import { substExfilRules } from './substexfil';
import { supplyRules } from './supply';
import { systemRules } from './system';
import { testRules } from './tests';
import type { Rule } from './types';

/** Findings raised by the parser front end rather than a rule's check (listed so policies and tests can name them). */
const frontEndRules: Rule[] = [
  {
    id: 'parse.error',
    tier: 'unknown',
    description: 'The command line does not parse as bash (or uses a construct the guard does not understand): it is never allowed.',
    examples: {
      destructive: ['git log &&& rm -rf /', 'echo "unterminated', 'if true; then rm x', 'rm x ;; rm y', 'cat <<EOF\nrm -rf b'],
      benign: ['git log && git status', "echo 'a;b'"],
    },
  },
  {
    id: 'exec.unmodelled',
    tier: 'unknown',
    description:
      'A sub-command the guard cannot account for: a program with no row in the program table, a verb or an option its row does not model, a path only known at run time, code it cannot read. Never allowed.',
    examples: {
      destructive: ['frobnicate --all', 'git frobnicate', 'cat $FILE', 'sort --frobnicate x', 'shopt -s expand_aliases'],
      benign: ['ls -la', 'git status', 'cat README.md', 'npm test'],
    },
  },
  {
    id: 'exec.unresolved-path',
    tier: 'unknown',
    description:
      'A path the guard cannot resolve: relative to a working directory a `cd` made unknown, a redirection to a run-time name, or files named by an input it cannot see.',
    examples: {
      destructive: ['cd "$DIR" && cat notes.txt', 'echo x > "$OUT"', 'cat files.txt | xargs cat'],
      benign: ['cd src && cat app.ts', 'echo x > /tmp/out.txt', 'find src -name "*.ts" | xargs cat'],
    },
  },
  {
    id: 'parse.too-large',
    tier: 'unknown',
    description: 'The command line is larger than the guard parses (64 KB) or nests deeper than it follows.',
    examples: { destructive: ['echo ' + 'a'.repeat(70_000)], benign: ['echo ' + 'a'.repeat(1000)] },
  },
];

export const CATALOG: readonly Rule[] = [
  ...rmRules,
  ...fsRules,
  ...gitRules,
  ...gitConfigRules,
  ...gitCredentialRules,
  ...execRules,
  ...ignoreFileRules,
  ...scratchLoadRules,
  ...interpRules,
  ...publishRules,
  ...infraRules,
  ...dbRules,
  ...dbPluginRules,
  ...dbClientRules,
  ...dbStoreRules,
  ...systemRules,
  ...appSecretRules,
  ...secretPrintRules,
  ...substExfilRules,
  ...supplyRules,
  ...pkgSourceRules,
  ...remoteRules,
  ...metadataRules,
  ...pkgStateRules,
  ...userStateRules,
  ...evalModeRules,
  ...testRules,
  ...lockoutRules,
  ...rt21Rules,
  ...frontEndRules,
];

export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(CATALOG.map((r) => [r.id, r]));

export { category } from './types';
export type { Rule, RuleCtx } from './types';
