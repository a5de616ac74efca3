// A workspace with sources and tests in several languages, for the command guard's side-output, fixer and install
// suites: the acceptance workspace (workspace.ts) plus the files below, committed, so a formatter's or a compiler's
// protected targets are real files of its kind.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeWorkspace } from './workspace';

export type Workspace = ReturnType<typeof makeWorkspace>;

/** The acceptance workspace plus sources and tests of the languages below, committed. */
export function polyglotWorkspace(extra: Record<string, string> = {}): Workspace {
  const w = makeWorkspace();
  const files: Record<string, string> = {
    'src/a.c': 'int main(void) { return 0; }\n',
    'tests/a.c': 'int t;\n',
    'src/mod.py': 'x = 1\n',
    'tests/test_a.py': 'def test_a():\n    assert 1\n',
    'Main.hs': 'main = return ()\n',
    'src/Main.java': 'class Main {}\n',
    'tests/ATest.java': 'class ATest {}\n',
    'src/main.rs': 'fn main() {}\n',
    'tests/a_test.rs': '\n',
    ...extra,
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(w.ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(w.ws, rel), text);
  }
  try {
    execFileSync('git', ['-C', w.ws, 'add', '-A']);
    execFileSync('git', ['-C', w.ws, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'more']);
  } catch {
    // git missing: the files are still there
  }
  return w;
}
