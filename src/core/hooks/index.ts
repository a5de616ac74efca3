// The hook bridge's pure core: payload → host envelope → plan (canonical calls) → answer in the host's format.
import { mapClaude } from './claude';
import { mapCline } from './cline';
import { pass } from './common';
import { mapVscode } from './vscode';
import type { HookEnvelope, HookPlan } from './types';

export * from './types';
export { detectHost, parseEnvelope } from './envelope';
export { parseApplyPatch } from './patch';
export { render, renderError } from './render';
export { isGuardOffCommand } from './guardOff';

/** What the tool call means to the guard. Lifecycle events (SessionStart, Stop, …) carry no tool call. */
export function planHook(env: HookEnvelope): HookPlan {
  if (env.phase === 'other') return pass('hook:lifecycle', `${env.eventName} carries no tool call`);
  switch (env.host) {
    case 'vscode':
      return mapVscode(env);
    case 'claude':
      return mapClaude(env);
    case 'cline':
      return mapCline(env);
  }
}
