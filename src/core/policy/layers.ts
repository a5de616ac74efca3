// Layering, weakest first: shipped base (default or strict) < workspace file < floor.
// An untrusted workspace's file may only tighten: every decision it gives is combined with the base's by
// `worst`, and its loosening knobs (allow patterns, masking off, allow-lists, audit path) are ignored.
import { createHash } from 'node:crypto';
import { mergeContext } from '../context/merge';
import type { PatternItem } from '../context/load';
import { maxRisk } from '../context/types';
import { type Decision, PATH_OPS, type PathOp, worst } from '../types';
import type { LimitKey, PathRuleLayer, PolicyLayer } from './load';
import { detectEcosystems, PACK_NAMES, type PackUse, shippedPack } from './packs';
import type { CommandPattern, Policy, PathRule, PolicyError } from './types';

/**
 * The floor: files that decide what the guard does (its policy, its audit log, agent hook configs, editor
 * settings that could switch it off), files that make an agent more powerful later (another agent's
 * permissions, MCP servers, custom agents' tool lists), files that run commands later without a person
 * reading them (git hooks, tasks that run on folder open, dev containers) and git internals. No policy file can
 * lower it: an agent that could write these could turn the guard off, grant itself tools, or plant a command
 * that runs after the session. Instructions that only steer agents (AGENTS.md, rules folders) are asked, in
 * the default policy's `agent-config` rule.
 */
export const FLOOR_RULES: readonly PathRule[] = [
  {
    name: 'floor:guard-files',
    globs: [
      '.agentguard.yaml',
      '.agentguard/**',
      '.github/hooks/**',
      '.claude/settings.json',
      '.claude/settings.local.json',
      '.clinerules/hooks/**',
      '.vscode/settings.json',
    ],
    ops: { write: 'deny', delete: 'deny', rename: 'deny' },
    reason: 'This file configures AgentGuard or the agent hooks that call it; only a person may change it.',
    source: 'floor',
  },
  {
    name: 'floor:agent-control',
    globs: [
      // Claude Code: settings (permissions.allow, hooks), project MCP servers, hook scripts, subagents' and
      // commands' tool lists, skills (which carry scripts)
      '**/.claude/settings{,.local}.json',
      '.claude/{hooks,agents,commands,skills}/**',
      '.mcp.json',
      // VS Code and Copilot: settings anywhere a folder may be opened (chat.tools.autoApprove,
      // chat.tools.terminal.autoApprove, Cline's and Roo's auto-approve keys), MCP servers, multi-root
      // workspace files (their `settings`), custom agents' and chat modes' tool lists
      '**/.vscode/settings.json',
      '**/.vscode/mcp.json',
      '**/*.code-workspace',
      '.github/agents/**',
      '.github/chatmodes/**',
      // Gemini CLI (settings: hooks, tools.allowed, mcpServers; commands with shell injection; extensions)
      '.gemini/**',
      // Codex (config.toml: approval and sandbox policy; hooks.json)
      '.codex/**',
      // Cursor (mcp.json, hooks.json, cli.json permissions, environment.json install commands) and hook scripts
      '.cursor/*.json',
      '.cursor/hooks/**',
      // Windsurf hooks, Roo's MCP servers and custom modes' tool groups, Continue's and Kiro's MCP and hooks,
      // Amazon Q's MCP and agents, Junie's MCP, Zed's agent settings, aider's test and lint commands
      '.windsurf/*.json',
      '.roo/mcp.json',
      '.roomodes',
      '.continue/config.{json,yaml,yml,ts}',
      '.continue/mcpServers/**',
      '.kiro/{hooks,settings}/**',
      '.amazonq/{mcp.json,agents/**,cli-agents/**}',
      '.junie/mcp/**',
      '**/.zed/settings.json',
      '.aider.conf.yml',
      // opencode (permission.bash: allow, MCP servers, commands; plugins that run code) and Crush (permissions,
      // MCP servers)
      '{,.}opencode.{json,jsonc}',
      '.opencode/**',
      '{,.}crush.json',
    ],
    ops: { write: 'deny', delete: 'deny', rename: 'deny' },
    reason: 'This file decides what an AI agent may run or which tools and servers it gets; only a person may change it.',
    source: 'floor',
  },
  {
    name: 'floor:runs-later',
    globs: [
      // git hooks by every manager: husky and plain core.hooksPath folders, lefthook, pre-commit
      '.husky/**',
      '.githooks/**',
      '{,.}lefthook{,-local}.{yml,yaml,json,toml}',
      '.lefthook/**',
      '.pre-commit-config.{yaml,yml}',
      // tasks that run on folder open, and dev containers' lifecycle commands
      '**/.vscode/tasks.json',
      '**/.zed/tasks.json',
      '.devcontainer/**',
      '.devcontainer.json',
    ],
    ops: { write: 'deny', delete: 'deny', rename: 'deny' },
    reason: 'This file runs commands later (on commit, on folder open, in a dev container) without a person reading it first; only a person may change it.',
    source: 'floor',
  },
  {
    name: 'floor:git-internals',
    globs: ['.git/**', '**/.git/**'],
    ops: { write: 'deny', delete: 'deny', rename: 'deny' },
    reason: 'Git internals are changed through git commands, never written directly.',
    source: 'floor',
  },
];

export interface MergeInput {
  base: PolicyLayer;
  baseName: string;
  workspace?: { layer: PolicyLayer; file: string };
  trusted: boolean;
  /** Extra floor globs, e.g. the audit log's workspace-relative path when a user put it inside. */
  extraFloor?: string[];
  /**
   * The names at the workspace folder's root (its `readdir`), to detect its ecosystems. Detected packs apply
   * when there is no workspace file, when the file's `extends` names `auto`, and always in an untrusted
   * workspace (its file may only tighten what would apply without it). Omitted: nothing is detected.
   */
  rootEntries?: readonly string[];
}

/** The packs in force: those the workspace file names, and the detected ones where detection applies. */
export function packsInForce(input: Pick<MergeInput, 'workspace' | 'trusted' | 'rootEntries'>): PackUse[] {
  const ws = input.workspace?.layer;
  const named = new Set(ws?.packs ?? []);
  const detect = !ws || !input.trusted || ws.autoDetect === true;
  const detected = detect && input.rootEntries ? detectEcosystems(input.rootEntries) : [];
  const uses: PackUse[] = [];
  for (const name of PACK_NAMES) {
    if (named.has(name)) uses.push({ name, title: shippedPack(name).meta.title, why: 'named', evidence: [] });
    else {
      const d = detected.find((x) => x.name === name);
      if (d) uses.push(d);
    }
  }
  return uses;
}

export function mergeLayers(input: MergeInput): { policy: Policy; errors: PolicyError[] } {
  const { base, workspace, trusted } = input;
  const errors: PolicyError[] = [];
  const ws = workspace?.layer;
  const loosen = trusted; // may the workspace loosen?
  const pick = (b: Decision | undefined, w: Decision | undefined, dflt: Decision): Decision => {
    const bb = b ?? dflt;
    if (w === undefined) return bb;
    return loosen ? w : worst(bb, w);
  };

  // Path rules by name: the base's, then the packs', then the workspace file's (which may replace either).
  const rules = new Map<string, PathRule>();
  for (const [name, r] of Object.entries(base.paths)) {
    if (r.disabled || !r.globs) continue;
    rules.set(name, { name, globs: r.globs, ops: { ...r.ops }, reason: r.reason ?? `protected by rule ${name}`, source: input.baseName, ...narrowing(r) });
  }
  for (const unknown of (ws?.packs ?? []).filter((n) => !PACK_NAMES.includes(n))) {
    errors.push({ file: workspace!.file, line: 1, column: 1, severity: 'error', message: `\`extends\` names an unknown pack \`${unknown}\`` });
  }
  const packs = packsInForce(input);
  for (const use of packs) {
    for (const [name, r] of Object.entries(shippedPack(use.name).layer.paths)) {
      if (!r.globs) continue;
      rules.set(name, {
        name,
        globs: r.globs,
        ops: { ...r.ops },
        reason: r.reason ?? `protected by rule ${name}`,
        source: `pack:${use.name}`,
        ...narrowing(r),
      });
    }
  }
  if (ws) {
    for (const [name, r] of Object.entries(ws.paths)) {
      const prev = rules.get(name);
      if (r.disabled) {
        if (!loosen) warn(errors, workspace!.file, r, `rule \`${name}\` cannot be disabled in an untrusted workspace; it stays in force`);
        else rules.delete(name);
        continue;
      }
      if (!prev && !r.globs) {
        errors.push({
          file: workspace!.file,
          line: r.line ?? 1,
          column: r.column ?? 1,
          severity: 'error',
          message: `rule \`${name}\` needs \`match\`: a list of workspace-relative globs (there is no shipped rule \`${name}\` to extend)`,
        });
        continue;
      }
      const ops: Partial<Record<PathOp, Decision>> = { ...(prev?.ops ?? {}) };
      for (const op of PATH_OPS) {
        const w = r.ops[op];
        if (w === undefined) continue;
        ops[op] = prev?.ops[op] === undefined ? w : loosen ? w : worst(prev.ops[op]!, w);
      }
      // Untrusted: changing a shipped rule's globs could un-protect paths, so the globs are unioned.
      const globs = r.globs ? (prev && !loosen ? [...new Set([...prev.globs, ...r.globs])] : r.globs) : prev!.globs;
      // Narrowing a rule to a context un-protects every other context: an untrusted file may not do that to a
      // rule it did not write (its own new rules may be narrowed: they only add decisions).
      let narrowed = narrowing({ when: r.when ?? prev?.when, unless: r.unless ?? prev?.unless });
      if (prev && !loosen && (r.when || r.unless)) {
        warn(errors, workspace!.file, r, `rule \`${name}\` cannot be narrowed to a context in an untrusted workspace; it applies to every agent and channel`);
        narrowed = narrowing(prev);
      }
      const risk = loosen ? (r.risk ?? prev?.risk) : r.risk && prev?.risk ? maxRisk(r.risk, prev.risk) : (r.risk ?? prev?.risk);
      rules.set(name, {
        name,
        globs,
        ops,
        reason: r.reason ?? prev?.reason ?? `protected by rule ${name}`,
        source: workspace!.file,
        ...narrowed,
        ...(risk ? { risk } : {}),
      });
    }
  }
  const floor = [...FLOOR_RULES];
  if (input.extraFloor?.length) {
    floor.push({
      name: 'floor:audit-log',
      globs: input.extraFloor,
      ops: { write: 'deny', delete: 'deny', rename: 'deny' },
      reason: 'This is the audit log; only AgentGuard appends to it.',
      source: 'floor',
    });
  }

  // Commands.
  const bc = base.commands;
  const wc = ws?.commands ?? {};
  const ruleMap: Record<string, Decision> = { ...(bc.rules ?? {}) };
  for (const [k, d] of Object.entries(wc.rules ?? {})) ruleMap[k] = ruleMap[k] === undefined || loosen ? d : worst(ruleMap[k], d);
  const patterns: CommandPattern[] = [];
  const addPatterns = (list: PatternItem[] | undefined, decision: Decision, source: string) => {
    for (const p of list ?? []) {
      patterns.push({ pattern: p.pattern, decision, source, ...(p.reason ? { reason: p.reason } : {}), ...narrowing(p), ...(p.risk ? { risk: p.risk } : {}) });
    }
  };
  for (const d of ['deny', 'ask', 'allow'] as const) {
    addPatterns(bc[d], d, input.baseName);
    if (d === 'allow' && !loosen) continue;
    addPatterns(wc[d], d, workspace?.file ?? '');
  }
  const unknown = pick(bc.unknown, wc.unknown, 'ask');

  // Masking: only a trusted workspace can switch it off or allow-list values.
  const bm = base.masking;
  const wm = ws?.masking ?? {};
  const masking = {
    enabled: loosen ? (wm.enabled ?? bm.enabled ?? true) : (bm.enabled ?? true),
    patterns: [...(bm.patterns ?? []), ...(wm.patterns ?? [])],
    allowValues: [...(bm.allowValues ?? []), ...(loosen ? (wm.allowValues ?? []) : [])],
    allowPaths: [...(bm.allowPaths ?? []), ...(loosen ? (wm.allowPaths ?? []) : [])],
  };

  const limits = {} as Record<LimitKey, number>;
  for (const k of ['maxReadBytes', 'maxListEntries', 'maxSearchResults', 'maxCommandOutputBytes', 'commandTimeoutMs'] as LimitKey[]) {
    const b = base.limits[k] ?? DEFAULT_LIMITS[k];
    const w = ws?.limits[k];
    limits[k] = w === undefined ? b : loosen ? w : Math.min(b, w);
  }

  const context = mergeContext(
    {
      base: base,
      baseName: input.baseName,
      workspace: ws ? { rates: ws.rates, breaker: ws.breaker, risk: ws.risk, file: workspace!.file } : undefined,
      trusted,
    },
    errors,
  );

  const policy: Omit<Policy, 'hash'> = {
    version: 1,
    paths: [...rules.values(), ...floor],
    outsideWorkspace: pick(base.outsideWorkspace, ws?.outsideWorkspace, 'deny'),
    commands: {
      benign: pick(bc.benign, wc.benign, 'allow'),
      destructive: pick(bc.destructive, wc.destructive, 'ask'),
      unknown: unknown === 'allow' ? 'ask' : unknown, // never allow what is not understood
      rules: ruleMap,
      patterns,
      checkPaths: loosen ? (wc.checkPaths ?? bc.checkPaths ?? true) : (bc.checkPaths ?? true),
    },
    masking,
    limits,
    audit: { path: (loosen ? ws?.audit.path : undefined) ?? base.audit.path ?? '' },
    snapshot: {
      ignore: [...(base.snapshot.ignore ?? []), ...(ws?.snapshot.ignore ?? [])],
      maxBaselineBytes: ws?.snapshot.maxBaselineBytes ?? base.snapshot.maxBaselineBytes ?? 1_048_576,
    },
    // What the undo store may keep. An untrusted workspace cannot change it: a planted file setting it to one
    // byte would make an agent's damage impossible to take back.
    undo: {
      maxFileBytes: (loosen ? ws?.undo?.maxFileBytes : undefined) ?? base.undo?.maxFileBytes ?? 32 << 20,
      maxSessionBytes: (loosen ? ws?.undo?.maxSessionBytes : undefined) ?? base.undo?.maxSessionBytes ?? 1 << 30,
    },
    ...context,
    layers: [input.baseName, ...packs.map((p) => `pack:${p.name}`), ...(workspace ? [workspace.file] : []), 'floor'],
    ...(packs.length ? { packs } : {}),
  };
  return { policy: { ...policy, hash: policyHash(policy) }, errors };
}

export const DEFAULT_LIMITS: Record<LimitKey, number> = {
  maxReadBytes: 262_144,
  maxListEntries: 1000,
  maxSearchResults: 200,
  maxCommandOutputBytes: 65_536,
  commandTimeoutMs: 300_000,
};

/** A rule's `when` / `unless` and `risk`, only where set (the policy hash stays as it was for rules without them). */
function narrowing(r: { when?: PathRule['when']; unless?: PathRule['unless']; risk?: PathRule['risk'] }): Partial<Pick<PathRule, 'when' | 'unless' | 'risk'>> {
  return { ...(r.when ? { when: r.when } : {}), ...(r.unless ? { unless: r.unless } : {}), ...(r.risk ? { risk: r.risk } : {}) };
}

function warn(errors: PolicyError[], file: string, r: PathRuleLayer, message: string): void {
  errors.push({ file, line: r.line ?? 1, column: r.column ?? 1, message, severity: 'warning' });
}

/** sha256 of the policy's canonical JSON (keys sorted), so the audit can say which version decided. */
export function policyHash(p: Omit<Policy, 'hash'>): string {
  return createHash('sha256')
    .update(canonicalJson({ ...p, layers: undefined }))
    .digest('hex')
    .slice(0, 16);
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return '[' + v.map(canonicalJson).join(',') + ']';
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return (
      '{' +
      Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort()
        .map((k) => JSON.stringify(k) + ':' + canonicalJson(o[k]))
        .join(',') +
      '}'
    );
  }
  return JSON.stringify(v);
}
