// `ask` becomes a modal dialog. The dialog sits behind ConfirmDialog so tests can substitute it (VS Code
// refuses modals in test mode) — but only the Test-mode API can swap it: an approval must come from a
// person, never from code another extension or the agent controls.
import * as vscode from 'vscode';
import type { ConfirmAnswer, ConfirmRequest, Confirmer } from '../core/chain';

export const ALLOW_ONCE = 'Allow once';
export const ALLOW_SESSION = 'Allow for this session';
export const DENY = 'Deny';
export const BUTTONS: readonly string[] = [DENY, ALLOW_ONCE, ALLOW_SESSION];

/** Shows the question; resolves with the label clicked, or undefined for Escape / close. */
export type ConfirmDialog = (message: string, detail: string, buttons: readonly string[]) => Promise<string | undefined>;

export const modalDialog: ConfirmDialog = async (message, detail, buttons) => vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons);

export function confirmText(req: ConfirmRequest): { message: string; detail: string } {
  const { call, verdict: v } = req;
  const what =
    call.op === 'exec' ? 'run a command' : call.op === 'rename' ? 'rename' : call.op === 'write' ? 'write to' : call.op === 'delete' ? 'delete' : call.op;
  const message = `AgentGuard: allow the agent to ${what}?`;
  const detail = [
    `${call.op === 'exec' ? 'Command' : 'Path'}: ${req.subject}`,
    ...(call.op === 'exec' && call.cwd ? [`In: ${call.cwd}`] : []),
    `Tool: ${call.tool} (agent: ${call.agent}, via ${call.channel})`,
    `Rule: ${v.rule}${v.subcommand ? ` (on \`${v.subcommand}\`)` : ''}`,
    `Why it asks: ${v.reason}`,
    // A one-line impact ("3 files would be deleted"), or an edit's changed lines as a diff.
    ...(req.preview ? (req.preview.includes('\n') ? ['', 'Change:', req.preview] : [`Impact: ${req.preview}`]) : []),
    '',
    v.rule.startsWith('integrity:')
      ? `"${ALLOW_SESSION}" allows this kind of change to tests (${v.rule}) in this file again until the session ends, nothing broader.`
      : `"${ALLOW_SESSION}" allows exactly this ${call.op === 'exec' ? 'command line' : 'path'} again until the session ends, nothing broader.`,
  ].join('\n');
  return { message, detail };
}

export class DialogConfirmer implements Confirmer {
  constructor(public dialog: ConfirmDialog = modalDialog) {}

  async confirm(req: ConfirmRequest, signal: AbortSignal): Promise<ConfirmAnswer> {
    const { message, detail } = confirmText(req);
    // A modal cannot be closed from code; if the call is abandoned meanwhile, the answer no longer matters.
    let onAbort = () => {};
    const aborted = new Promise<ConfirmAnswer>((resolve) => {
      onAbort = () => resolve('deny');
      signal.addEventListener('abort', onAbort, { once: true });
    });
    // Deny first: the first button is the dialog's default, so a stray Enter refuses instead of allowing.
    const asked = this.dialog(message, detail, BUTTONS).then((label): ConfirmAnswer => {
      if (label === ALLOW_ONCE) return 'once';
      if (label === ALLOW_SESSION) return 'session';
      return 'deny'; // Deny, Escape, close, VS Code's own Cancel, anything unexpected
    });
    try {
      return await Promise.race([asked, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}
