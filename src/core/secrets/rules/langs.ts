// Secrets defined the way a language or markup defines a constant, with no `=` or `:` the assignment rules
// read: Erlang's macro (`-define(API_KEY, "…").`, `<<"…">>`) and application-env tuple (`{api_key, "…"}`),
// Elixir's module attribute (`@api_key "…"`, `@password ~s(…)`), and HTML's name in one attribute and the
// value in another (`<meta name="api-key" content="…">`, `<meta property="stripe:secret-key" content="…">`).
// Threat: each reached the model whole. Each rule searches for its own literal (`-define(`, `@`, `{`,
// `content=`) and reads only around it: a text without one costs a native search.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { ALNUM, PASSWORD_CHARS, rand } from '../samples';
import type { BlockOutput, BlockRule, LineIndex } from '../types';
import { addHit } from './hits';
import { lineOfPos } from './structure';

/** Above the generic assignment (2), below vendor formats (0). */
const PRIORITY = 1;

let seed = 0x1a9500;
const rs = (alphabet: string, n: number) => rand(alphabet, n, seed++ * 7919);
const pw = (n = 20) => rs(PASSWORD_CHARS.replace(/[#'",;%\\()]/g, ''), n);

/** Masks `[s, e)` (one line) when `value` looks like a secret for `name`. */
function markNamed(text: string, index: LineIndex, out: BlockOutput, name: string, s: number, e: number, rule: string): void {
  const strength = classifyName(name);
  if (strength === null) return;
  const v = text.slice(s, e);
  if (v.trim() === '' || isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, strength, true)) return;
  const starts = index.starts();
  const li = lineOfPos(starts, s);
  addHit(out, li, { start: s - starts[li]!, end: e - starts[li]!, rule, priority: PRIORITY });
}

/** A double-quoted string (backslash escapes) from the quote at `q`: the content's end, or -1 if it does not close on its line. */
function stringEnd(text: string, q: number): number {
  for (let i = q + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i;
    else if (c === 10) return -1;
  }
  return -1;
}

// --- Erlang: -define(NAME, "…"). and {name, "…"} ---

const ERL_DEFINE = /-define\([ \t]*'?([A-Za-z_][\w]*)'?[ \t]*,[ \t]*(?:<<)?"/y;
/** `{api_key, "…"}` / `{password, <<"…">>}`: an atom (or quoted atom) and a string, first in a tuple. */
const ERL_TUPLE = /\{[ \t]*'?([a-z][\w]*)'?[ \t]*,[ \t]*(?:<<)?"/y;

export const erlangDefine: BlockRule = {
  id: 'erlang-define',
  description: 'Erlang macro or application-env tuple naming a secret: -define(API_KEY, "…"). {api_key, <<"…">>}',
  gate: '-define(',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (let p = text.indexOf('-define('); p >= 0; p = text.indexOf('-define(', p + 8)) {
      ERL_DEFINE.lastIndex = p;
      const m = ERL_DEFINE.exec(text);
      if (m === null) continue;
      const q = p + m[0].length - 1;
      const e = stringEnd(text, q);
      if (e > q + 1) markNamed(text, index, out, m[1]!, q + 1, e, 'erlang-define');
    }
  },
  samples() {
    const a = pw();
    const b = pw();
    return {
      truePositives: [
        { text: `-module(client).\n-define(API_KEY, "${a}").\n`, secrets: [a] },
        { text: `-define(DB_PASSWORD, <<"${b}">>).\n`, secrets: [b] },
      ],
      falsePositives: ['-define(API_KEY_ENV, "MYAPP_API_KEY").\n-define(TIMEOUT, 5000).\n-define(PASSWORD_FIELD, "password").\n'],
    };
  },
};

export const erlangTuple: BlockRule = {
  id: 'erlang-env-tuple',
  description: 'An Erlang/Elixir tuple pairing a secret-named atom with a string: sys.config\'s [{myapp, [{api_key, "…"}]}]',
  gate: '}]',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (let p = text.indexOf('{'); p >= 0; p = text.indexOf('{', p + 1)) {
      // The atom's first letter (after blanks): most `{` of code are followed by a newline, a quote or a name in capitals.
      let k = p + 1;
      while (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9) k++;
      const c = text.charCodeAt(k);
      if (!((c >= 97 && c <= 122) || c === 39)) continue;
      ERL_TUPLE.lastIndex = p;
      const m = ERL_TUPLE.exec(text);
      if (m === null) continue;
      const q = p + m[0].length - 1;
      const e = stringEnd(text, q);
      if (e > q + 1) markNamed(text, index, out, m[1]!, q + 1, e, 'erlang-env-tuple');
    }
  },
  samples() {
    const a = pw();
    const b = rs(ALNUM, 32);
    return {
      truePositives: [{ text: `[{myapp, [{api_key, "${a}"},\n           {db_password, <<"${b}">>}]}].\n`, secrets: [a, b] }],
      falsePositives: ['[{myapp, [{api_key_env, "MYAPP_API_KEY"}, {password_min, "12"}, {token, os:getenv("TOKEN")}]}].\n', 'const a = [{key: "name"}];\n'],
    };
  },
};

// --- Elixir: @api_key "…" ---

/** A module attribute and a string or a sigil: `@api_key "…"`, `@password ~s(…)`, `@token ~S"…"`. */
const EX_ATTR =
  /@([a-z_]\w*)[ \t]+(?:"((?:[^"\\\r\n]|\\.)*)"|~[sS](?:\(([^)\r\n]*)\)|"([^"\r\n]*)"|\[([^\]\r\n]*)\]|\{([^}\r\n]*)\}|\|([^|\r\n]*)\||\/([^/\r\n]*)\/|'([^'\r\n]*)'))/dy;

export const elixirAttribute: BlockRule = {
  id: 'elixir-attribute',
  description: 'Elixir module attribute naming a secret: @api_key "…", @password ~s(…)',
  gate: '@',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    for (let p = text.indexOf('@'); p >= 0; p = text.indexOf('@', p + 1)) {
      // First on its line (after blanks): an email address, a decorator's arguments or a doc tag are not.
      let k = p - 1;
      while (k >= 0 && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
      if (k >= 0 && text.charCodeAt(k) !== 10) continue;
      const c = text.charCodeAt(p + 1);
      if (!((c >= 97 && c <= 122) || c === 95)) continue;
      EX_ATTR.lastIndex = p;
      const m = EX_ATTR.exec(text);
      if (m === null) continue;
      let g = 2;
      while (g < m.length && m[g] === undefined) g++;
      if (g >= m.length) continue;
      const [s, e] = m.indices![g]!;
      if (e > s) markNamed(text, index, out, m[1]!, s, e, 'elixir-attribute');
    }
  },
  samples() {
    const a = pw();
    const b = pw();
    return {
      truePositives: [
        { text: `defmodule Client do\n  @api_key "${a}"\nend\n`, secrets: [a] },
        { text: `  @secret_key_base ~s(${b})\n`, secrets: [b] },
      ],
      falsePositives: [
        '  @api_key_header "x-api-key"\n  @moduledoc "Handles the password reset flow"\n  @password_min_length 12\n  @token System.get_env("TOKEN")\n',
        '@Injectable()\nexport class A {}\n// mail admin@example.com\n',
      ],
    };
  },
};

// --- HTML: the name in one attribute, the value in another ---

/** An attribute in a tag: `name="…"`, `content='…'`, `property=…`. */
const ATTR = /([A-Za-z_:][\w:.-]*)[ \t\r\n]*=[ \t\r\n]*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/dg;
/** Attributes that name what `content` / `value` holds. */
const NAME_ATTR = /^(?:name|property|itemprop|http-equiv|id)$/i;
const VALUE_ATTR = /^(?:content|value)$/i;

export const htmlNamedContent: BlockRule = {
  id: 'html-named-content',
  description:
    'HTML element naming a secret in one attribute and holding it in another: <meta name="api-key" content="…">, <meta property="stripe:secret-key" content="…">',
  gate: 'content=',
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let done = -1;
    for (let p = text.indexOf('content='); p >= 0; p = text.indexOf('content=', p + 8)) {
      if (p < done) continue;
      // The tag holding it: its `<` (no `>` between) and its `>`.
      const open = text.lastIndexOf('<', p);
      if (open < 0 || p - open > 1024 || text.lastIndexOf('>', p) > open) continue;
      const close = text.indexOf('>', p);
      if (close < 0 || close - open > 2048) continue;
      done = close;
      let name: string | null = null;
      let value: [number, number] | null = null;
      const tag = text.slice(open, close);
      ATTR.lastIndex = 0;
      for (let m = ATTR.exec(tag); m !== null; m = ATTR.exec(tag)) {
        const g = m[2] !== undefined ? 2 : m[3] !== undefined ? 3 : 4;
        if (NAME_ATTR.test(m[1]!) && name === null) name = m[g]!;
        else if (VALUE_ATTR.test(m[1]!) && value === null) value = m.indices![g]!;
      }
      if (name === null || value === null || /[\r\n]/.test(tag.slice(value[0], value[1]))) continue;
      markNamed(text, index, out, name, open + value[0], open + value[1], 'html-named-content');
    }
  },
  samples() {
    const a = rs(ALNUM, 32);
    const b = rs(ALNUM, 40);
    return {
      truePositives: [
        { text: `<head>\n  <meta name="api-key" content="${a}">\n</head>\n`, secrets: [a] },
        { text: `<meta content="${b}" name="csrf-token-secret">\n`, secrets: [b] },
        { text: `<meta property="stripe:secret-key" content='${a}' />\n`, secrets: [a] },
      ],
      falsePositives: [
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="api-key" content="">\n<meta name="description" content="Manage your API keys and tokens">\n',
        '<meta name="api-key" content="{{ api_key }}">\n<meta name="csrf-token" content="{{ csrf_token() }}">\n',
      ],
    };
  },
};

export const LANG_RULES: readonly BlockRule[] = [erlangDefine, erlangTuple, elixirAttribute, htmlNamedContent];
