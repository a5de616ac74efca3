// The command lines the shell tests know: every command of the public corpus (test/fixtures/corpus/commands.json),
// the attack sets (attack.sets.ts) and every string literal of the shell test files. Shared by ruleindex.test.ts
// (the rule index must not drop a finding on any of them) and bench/verdicts-ab.ts (two builds, the same verdicts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { BENIGN, DANGEROUS } from './attack.sets';

/** Every string literal (and template without substitutions) of a TypeScript file. */
export function literals(file: string): string[] {
  const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push(n.text);
    n.forEachChild(visit);
  };
  visit(src);
  return out;
}

/** The corpus, the attack sets, `extra` and the shell tests' literals: unique, non-blank, under 20,000 characters. */
export function shellTestLines(extra: readonly string[] = []): string[] {
  const corpus = JSON.parse(fs.readFileSync(path.join(__dirname, '../../fixtures/corpus/commands.json'), 'utf8')) as { cases: { command: string }[] };
  const fromTests = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => literals(path.join(__dirname, f)));
  return [
    ...new Set(
      [...corpus.cases.map((c) => c.command), ...Object.values(DANGEROUS).flat(), ...Object.values(BENIGN).flat(), ...extra, ...fromTests].filter(
        (l) => l.trim() !== '' && l.length < 20_000,
      ),
    ),
  ];
}
