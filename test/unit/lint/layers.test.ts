// The layering fence is lint, so it is tested like code: ESLint with the repository's own config on imports
// that cross a layer the wrong way — relative ones included, which no-restricted-imports cannot see.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const REPO = path.join(__dirname, '..', '..', '..');

async function layerErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO });
  const [r] = await eslint.lintText(code, { filePath: path.join(REPO, file) });
  return r.messages.filter((m) => m.ruleId === 'agentguard/layers' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('lint: the layering fence', () => {
  const refused: [string, string, RegExp][] = [
    ['src/core/x.ts', "import { GuardService } from '../node/guardService';\nexport { GuardService };", /src\/core may not import \.\.\/node\/guardService/],
    ['src/core/hooks/hosts/x.ts', "export { Ctx } from '../../../vscode/ctx';", /src\/core may not import .*\(src\/vscode\)/],
    ['src/core/x.ts', "export const load = () => import('../cli/cli');", /src\/core may not import \.\.\/cli\/cli/],
    ['src/core/x.ts', "export type S = import('../node/guardService').GuardService;", /src\/core may not import/],
    ['src/core/x.ts', "import * as fs from 'node:fs';\nexport const r = fs.readFileSync;", /src\/core is pure/],
    ['src/cli/x.ts', "import { Ctx } from '../vscode/ctx';\nexport { Ctx };", /src\/cli may not import \.\.\/vscode\/ctx/],
    ['src/cli/x.ts', "import * as vscode from 'vscode';\nexport { vscode };", /only src\/vscode imports vscode/],
    ['src/node/x.ts', "export * from '../cli/hook';", /src\/node may not import \.\.\/cli\/hook/],
    ['src/node/tools/x.ts', "const m = require('../../vscode/tools');\nexport { m };", /src\/node may not import/],
    ['src/vscode/x.ts', "export { main } from '../cli/cli';", /src\/vscode may not import \.\.\/cli\/cli/],
  ];
  for (const [file, code, message] of refused) {
    it(`refuses in ${file}: ${code.split('\n')[0]}`, async () => {
      const errors = await layerErrors(file, code);
      assert.ok(
        errors.some((e) => message.test(e)),
        JSON.stringify(errors),
      );
    });
  }

  const allowed: [string, string][] = [
    ['src/core/hooks/index.ts', "export { vscodeHost } from './hosts/vscode';"],
    ['src/node/x.ts', "export { Engine } from '../core/engine';"],
    ['src/cli/x.ts', "export { GuardService } from '../node/guardService';"],
    ['src/vscode/x.ts', "export { invokeTool } from '../node/tools';\nexport { CompiledPolicy } from '../core/compiledPolicy';"],
  ];
  for (const [file, code] of allowed) {
    it(`allows in ${file}: ${code.split('\n')[0]}`, async () => {
      assert.deepEqual(await layerErrors(file, code), []);
    });
  }
});
