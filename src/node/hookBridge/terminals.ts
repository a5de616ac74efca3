// The state of a host's persistent terminal between hook calls (core/shell/terminal.ts says what it is and
// why): one small file per session under the AgentGuard home, outside the workspace (0700/0600), written by
// the before-hook that lets a command through and settled by its after-hook. The same file serves the bridge
// deciding alone (one process per hook) and the extension (the channel server), so the two never disagree.
// A file that cannot be read back is an unknown place, never a fresh terminal: fail closed.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DraftCall, HookEnvelope } from '../../core/hooks';
import { EMPTY_TERMINAL, isFresh, linesToJudge, readState, settle, type TerminalState } from '../../core/shell/terminalState';
import type { GuardService } from '../guardService';
import { agentguardHome, workspaceKey, writePrivateJson } from './discovery';

/** A session whose terminal was not used for this long has closed it (VS Code keeps none that long). */
export const TERMINAL_TTL_MS = 24 * 60 * 60_000;

/**
 * Whether this call runs in the session's persistent terminal: VS Code's `run_in_terminal` in the
 * foreground (a background command gets a terminal of its own, started at the workspace root).
 */
export function persistentTerminal(env: HookEnvelope): boolean {
  if (env.host !== 'vscode' || env.toolName !== 'run_in_terminal' || !env.sessionId) return false;
  const bg = env.toolInput.isBackground;
  return bg !== true && bg !== 'true';
}

export function terminalFile(workspace: string, session: string, home = agentguardHome()): string {
  const key = createHash('sha256').update(session, 'utf8').digest('hex').slice(0, 32);
  return path.join(home, 'terminals', workspaceKey(workspace), `${key}.json`);
}

export function loadTerminal(file: string, now = Date.now()): TerminalState {
  let text: string;
  try {
    const st = fs.statSync(file);
    if (now - st.mtimeMs > TERMINAL_TTL_MS) return EMPTY_TERMINAL;
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_TERMINAL;
    return readState(undefined);
  }
  try {
    return readState(JSON.parse(text));
  } catch {
    return readState(undefined);
  }
}

export function saveTerminal(file: string, state: TerminalState): void {
  if (isFresh(state)) {
    fs.rmSync(file, { force: true });
    return;
  }
  writePrivateJson(file, state);
}

/** The AgentGuard home of a service (as GuardService finds it: `home` stands in for the user's home in tests). */
function homeOf(service: GuardService): string {
  return process.env.AGENTGUARD_HOME || path.join(service.opts.home, '.agentguard');
}

export interface TerminalCall {
  /** The calls to judge in place of one: an exec call once for each place the shell may stand. */
  drafts(c: DraftCall): DraftCall[];
  /** The command was let through: keep where it may leave the shell (throws if that cannot be kept). */
  letThrough(): void;
}

/** The before-hook of a command in a persistent terminal. */
export function terminalFor(service: GuardService, env: HookEnvelope): TerminalCall {
  const file = terminalFile(service.opts.workspace, `${env.host}:${env.sessionId}`, homeOf(service));
  const state = loadTerminal(file);
  const commands: string[] = [];
  return {
    drafts(c) {
      if (c.op !== 'exec' || typeof c.command !== 'string' || c.preset) return [c];
      commands.push(c.command);
      // The functions earlier calls left in the terminal go beside the text (never in it: an agent could forge that).
      const fns = state.fns?.length ? { shellFunctions: state.fns } : {};
      return linesToJudge(c.command, state).map((command) => ({ ...(command === c.command ? c : { ...c, command }), ...fns }));
    },
    letThrough() {
      let next = state;
      for (const command of commands) next = service.terminalAfter(command, next, env.toolUseId ?? '');
      if (JSON.stringify(next) !== JSON.stringify(state)) saveTerminal(file, next);
    },
  };
}

/** The after-hook of a command in a persistent terminal: it ran. */
export function settleTerminal(service: GuardService, env: HookEnvelope): void {
  const file = terminalFile(service.opts.workspace, `${env.host}:${env.sessionId}`, homeOf(service));
  try {
    const state = loadTerminal(file);
    const next = settle(state, env.toolUseId ?? '');
    if (next !== state) saveTerminal(file, next);
  } catch {
    /* unsettled: both places stay possible, which only judges more */
  }
}
