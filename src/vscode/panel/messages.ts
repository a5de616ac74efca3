// Every message the panel's webview can send, with a tiny schema each. The webview renders strings an
// agent wrote (paths, commands, reasons); if one of them ever got script into it, the host is the wall:
// a message that does not match its schema exactly (unknown type, missing or extra field, wrong type,
// too long) is dropped and logged, never half-applied. No 'vscode' import: unit-tested in plain Node.

type Check = (v: unknown) => boolean;

const str =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max;
const int =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const bool: Check = (v) => typeof v === 'boolean';
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
const optional =
  (c: Check): Check =>
  (v) =>
    v === undefined || c(v);
const arrayOf =
  (c: Check, max: number): Check =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every(c);
const object =
  (fields: Record<string, Check>): Check =>
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!(k in fields)) return false;
    return Object.entries(fields).every(([k, c]) => c(o[k]));
  };

export const ACTIONS = ['open', 'reveal', 'diff', 'delete', 'gitignore'] as const;
export type Action = (typeof ACTIONS)[number];

const filter = object({
  decision: optional(oneOf('', 'allow', 'ask', 'deny')),
  tool: optional(str(200)),
  agent: optional(str(300)),
  text: optional(str(500)),
  risk: optional(oneOf('', 'low', 'medium', 'high')),
  // Call ids as the audit writes them (capped at 256); the breaker names at most 100.
  calls: optional(arrayOf(str(256), 1000)),
});

/**
 * The filter a command hands the panel when it opens it (the breaker's notification: its refused calls).
 * Any extension can run the command, so the argument is checked like a webview message: a shape that does
 * not match exactly is refused whole, and the panel opens unfiltered.
 */
export function parseFilter(raw: unknown): { ok: true; filter: FilterMsg } | { ok: false; why: string } {
  if (!filter(raw)) return { ok: false, why: 'a filter that does not match its schema (decision, tool, agent, text, risk, calls)' };
  const f = raw as FilterMsg;
  // Empty fields do not narrow: drop them, so the panel shows only what actually filters.
  const out: FilterMsg = {};
  if (f.decision) out.decision = f.decision;
  if (f.tool) out.tool = f.tool;
  if (f.agent) out.agent = f.agent;
  if (f.text) out.text = f.text;
  if (f.risk) out.risk = f.risk;
  if (f.calls && f.calls.length) out.calls = [...new Set(f.calls)];
  return { ok: true, filter: out };
}

const SCHEMAS = {
  ready: {},
  rows: { seq: int(0, Number.MAX_SAFE_INTEGER), start: int(0, 100_000_000), count: int(1, 1000), filter, top: optional(int(0, Number.MAX_SAFE_INTEGER)) },
  // A record by the byte offset the host gave its row; the host reads back only offsets of rows it listed.
  detail: { at: int(0, Number.MAX_SAFE_INTEGER) },
  rescan: {},
  newSession: {},
  folder: { folder: str(4096) },
  action: { action: oneOf(...ACTIONS), path: str(4096) },
  // Undo (src/vscode/panel/undo.ts): a plan for the record at a byte offset the host listed, or for the
  // session; a diff or the revert of the plan the host holds under `token`, with conflicts chosen by path.
  revertPlan: { at: int(0, Number.MAX_SAFE_INTEGER) },
  revertSession: {},
  revertDiff: { token: str(64), path: str(4096) },
  revertApply: { token: str(64), take: arrayOf(str(4096), 100_000) },
  revertCancel: { token: str(64) },
  // What the webview drew, for the integration tests' panelState() (and the log): never acted upon.
  rendered: {
    rows: arrayOf(arrayOf(str(600), 12), 500),
    total: int(0, 100_000_000),
    diff: arrayOf(object({ path: str(4096), kind: str(20), preview: bool, section: str(20), by: str(1000) }), 5000),
    banner: str(5000),
    // The active-filter line as shown ('' when the view is not filtered).
    filter: optional(str(3000)),
  },
} satisfies Record<string, Record<string, Check>>;

export type MessageType = keyof typeof SCHEMAS;

export interface FilterMsg {
  decision?: '' | 'allow' | 'ask' | 'deny';
  tool?: string;
  agent?: string;
  text?: string;
  risk?: '' | 'low' | 'medium' | 'high';
  calls?: string[];
}

export type PanelMessage =
  | { type: 'ready' }
  | { type: 'rows'; seq: number; start: number; count: number; filter: FilterMsg; top?: number }
  | { type: 'detail'; at: number }
  | { type: 'rescan' }
  | { type: 'newSession' }
  | { type: 'folder'; folder: string }
  | { type: 'action'; action: Action; path: string }
  | { type: 'revertPlan'; at: number }
  | { type: 'revertSession' }
  | { type: 'revertDiff'; token: string; path: string }
  | { type: 'revertApply'; token: string; take: string[] }
  | { type: 'revertCancel'; token: string }
  | {
      type: 'rendered';
      rows: string[][];
      total: number;
      diff: { path: string; kind: string; preview: boolean; section: string; by: string }[];
      banner: string;
      filter?: string;
    };

/** The message if it matches its type's schema exactly; otherwise why it was refused. */
export function parseMessage(raw: unknown): { ok: true; msg: PanelMessage } | { ok: false; why: string } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, why: 'not an object' };
  const type = (raw as { type?: unknown }).type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(SCHEMAS, type)) {
    return { ok: false, why: `unknown type ${JSON.stringify(String(type).slice(0, 40))}` };
  }
  const fields: Record<string, Check> = { type: () => true, ...SCHEMAS[type as MessageType] };
  if (!object(fields)(raw)) return { ok: false, why: `a ${type} message that does not match its schema` };
  return { ok: true, msg: raw as PanelMessage };
}
