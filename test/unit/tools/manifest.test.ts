// Tool and command ids live in one module each; package.json must contribute exactly those, and each
// tool's declared input schema must agree with what its run-time validation accepts.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TOOL_NAMES, TOOLS, toolId, toolReferenceName } from '../../../src/node/tools';
import { COMMANDS, commandId, DEV_ONLY_COMMANDS } from '../../../src/vscode/ids';

const root = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

interface ToolContribution {
  name: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  tags: string[];
  modelDescription: string;
  inputSchema: { type: string; properties: Record<string, { type: string }>; required?: string[] };
}

describe('manifest: language model tools', () => {
  const contributed: ToolContribution[] = pkg.contributes.languageModelTools;

  it('contributes exactly the tools in src/node/tools/ids.ts, with their reference names', () => {
    assert.deepEqual(
      contributed.map((t) => t.name),
      TOOL_NAMES.map(toolId),
    );
    assert.deepEqual(
      contributed.map((t) => t.toolReferenceName),
      TOOL_NAMES.map(toolReferenceName),
    );
  });

  for (const name of TOOL_NAMES) {
    it(`${toolId(name)}: can be referenced, is tagged, and its schema matches run-time validation`, () => {
      const c = contributed.find((t) => t.name === toolId(name))!;
      assert.equal(c.canBeReferencedInPrompt, true);
      assert.ok(c.tags.includes('agentguard'));
      assert.ok(c.modelDescription.length > 40);
      assert.equal(c.inputSchema.type, 'object');
      const tool = TOOLS[name];
      // A sample input built from the schema's types is accepted; dropping any required field is refused.
      const sample: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(c.inputSchema.properties)) {
        if (!(c.inputSchema.required ?? []).includes(k)) continue;
        sample[k] = p.type === 'integer' ? 1 : p.type === 'boolean' ? false : `x-${k}`;
      }
      assert.doesNotThrow(() => tool.parse(sample));
      for (const k of c.inputSchema.required ?? []) {
        const { [k]: _, ...without } = sample;
        assert.throws(() => tool.parse(without), new RegExp(k), `${k} is required in the schema but not at run time`);
      }
      // Every property the schema advertises is a field the validator knows.
      for (const k of Object.keys(c.inputSchema.properties)) {
        const p = c.inputSchema.properties[k];
        const v = p.type === 'integer' ? 2 : p.type === 'boolean' ? true : 'y';
        assert.doesNotThrow(() => tool.parse({ ...sample, [k]: v }), `schema property ${k} is refused at run time`);
      }
    });
  }
});

describe('manifest: commands and activation', () => {
  it('contributes exactly the commands in src/vscode/ids.ts', () => {
    const ids = (pkg.contributes.commands as { command: string }[]).map((c) => c.command).sort();
    assert.deepEqual(ids, Object.keys(COMMANDS).map(commandId).sort());
  });

  it('hides development commands from the palette outside development', () => {
    const palette = pkg.contributes.menus.commandPalette as { command: string; when: string }[];
    for (const name of DEV_ONLY_COMMANDS) assert.ok(palette.some((m) => m.command === commandId(name) && m.when === 'agentguard.devMode'));
  });

  it('activates on startup from the bundle, validates .agentguard.yaml with the shipped schema, and packages', () => {
    assert.deepEqual(pkg.activationEvents, ['onStartupFinished']);
    assert.equal(pkg.main, './dist/extension.js');
    const yv = pkg.contributes.yamlValidation as { fileMatch: string; url: string }[];
    assert.ok(yv.some((v) => v.fileMatch === '.agentguard.yaml' && fs.existsSync(path.join(root, v.url))));
    assert.match(pkg.scripts.package, /vsce package --no-dependencies/);
    assert.ok(fs.existsSync(path.join(root, 'LICENSE')));
    const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
    assert.ok(!/^!test/m.test(ignore), '.vscodeignore must not re-include test/');
  });
});
