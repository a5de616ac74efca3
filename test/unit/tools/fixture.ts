// A real workspace on disk for the tool tests: tests, an .env, code with a credential, a docs folder the
// policy asks about. Fake credentials are built at run time (never stored in plain text).
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ConfirmAnswer, ConfirmRequest, Confirmer } from '../../../src/core/chain';
import type { AuditRecord } from '../../../src/core/audit';
import { GuardService } from '../../../src/node/guardService';
import { type ToolAnswer, invokeTool, TOOLS, type ToolEnv, toolEnvOf, type ToolName } from '../../../src/node/tools';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function fakeGithubToken(): string {
  const bytes = randomBytes(36);
  return 'gh' + 'p_' + [...bytes].map((b) => ALNUM[b % ALNUM.length]).join('');
}

export class ScriptedConfirmer implements Confirmer {
  asked: ConfirmRequest[] = [];
  constructor(public answer: ConfirmAnswer) {}
  async confirm(req: ConfirmRequest): Promise<ConfirmAnswer> {
    this.asked.push(req);
    return this.answer;
  }
}

export interface Fixture {
  root: string;
  ws: string;
  audit: string;
  token: string;
  service: GuardService;
  env: ToolEnv;
  confirmer: ScriptedConfirmer;
  call(name: ToolName, input: unknown, signal?: AbortSignal): Promise<ToolAnswer>;
  records(): AuditRecord[];
  read(rel: string): string;
  cleanup(): void;
}

export function makeFixture(opts: { policy?: string; ripgrep?: string } = {}): Fixture {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ag-tools-')));
  const ws = path.join(root, 'ws');
  const token = fakeGithubToken();
  const files: Record<string, string> = {
    'src/app.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
    'src/config.ts': `export const region = 'eu-west-1';\nexport const githubToken = '${token}';\nexport const timeoutMs = 5000;\n`,
    'tests/app.test.ts': "import { add } from '../src/app';\nit('adds', () => add(1, 2));\n",
    '.env': `PORT=8080\nGITHUB_TOKEN=${token}\n`,
    'docs/guide.md': '# Guide\nsearchable needle here\n',
    'build/out.txt': 'old build output\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  }
  if (opts.policy !== undefined) fs.writeFileSync(path.join(ws, '.agentguard.yaml'), opts.policy);
  const audit = path.join(root, 'audit.jsonl');
  const confirmer = new ScriptedConfirmer('deny');
  const service = new GuardService({ workspace: ws, home: root, auditPath: audit, confirmer });
  const env = toolEnvOf(service, opts.ripgrep);
  return {
    root,
    ws,
    audit,
    token,
    service,
    env,
    confirmer,
    call: (name, input, signal) => invokeTool(service, env, TOOLS[name], input, { agent: 'test', channel: 'tool' }, signal),
    records: () =>
      fs.existsSync(audit)
        ? fs
            .readFileSync(audit, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as AuditRecord)
            .filter((r) => !r.event)
        : [],
    read: (rel) => fs.readFileSync(path.join(ws, rel), 'utf8'),
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}
