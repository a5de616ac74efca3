// Code inside a JSON string: a notebook's cell source (`"password = \"…\"\n"`), a JSON log line holding a
// command or a config dump (`"cmd":"curl -H \"Authorization: Bearer …\""`), a HAR or Postman body, an
// Insomnia export. The line rules read the JSON's own quotes and stop at the escaped ones: the key
// `os.environ[\"API_KEY\"]` has a backslash where its closing quote should be, and a header's value sits
// between `\"` pairs. Threat: the secret in a notebook or a log reaches the model untouched.
// The line is judged as its reader (the kernel, the shell) sees it: `\"` `\\` `\/` decoded, `\n` `\t` `\r`
// read as a blank; the line rules run on that view and their hits mask the characters they came from.
import { candidateLinesIndexOf } from '../prefilter';
import { keywordSelector } from '../keywords';
import { KIND } from '../sniff';
import { PASSWORD_CHARS, rand } from '../samples';
import { addHit } from './hits';
import type { BlockOutput, BlockRule, Hit, LineIndex, LineRule } from '../types';
import { VENDOR_RULES } from './vendor';
import { MORE_VENDOR_RULES } from './vendor-more';
import { GENERIC_RULES } from './generic';
import { MORE_CONTEXT_RULES } from './context-more';

/** The rules a view is judged by: every line rule (the catalog's, without the ones built on this module). */
const VIEW_RULES: readonly LineRule[] = [...VENDOR_RULES, ...MORE_VENDOR_RULES, ...GENERIC_RULES, ...MORE_CONTEXT_RULES];
let select: ((line: string) => LineRule[]) | undefined;

/** A line longer than this is data, not code a person wrote (a minified bundle inside a string). */
const LINE_MAX = 16384;

/** The view of `line` with its JSON escapes decoded, and where each view character came from; null when it holds no `\"`. */
export function unescapedView(line: string): { text: string; from: number[]; to: number[] } | null {
  if (!line.includes('\\"')) return null;
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 92 && i + 1 < line.length) {
      const n = line.charCodeAt(i + 1);
      // `\"` `\\` `\/`: the character; `\n` `\t` `\r`: a blank (a line's end inside the string).
      const ch = n === 34 ? '"' : n === 92 ? '\\' : n === 47 ? '/' : n === 110 || n === 116 || n === 114 ? ' ' : null;
      if (ch !== null) {
        text += ch;
        from.push(i);
        to.push(i + 2);
        i++;
        continue;
      }
    }
    text += line[i];
    from.push(i);
    to.push(i + 1);
  }
  return { text, from, to };
}

export const escapedCode: BlockRule = {
  id: 'escaped-code',
  description: 'Code inside a JSON string (notebook cells, JSON logs, HAR and Postman bodies): judged with its escapes decoded',
  gate: '',
  kinds: KIND.json,
  // Asked of JSON texts only (a gate literal would be searched for in every text).
  applies: (text) => text.includes('\\"'),
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    select ??= keywordSelector(VIEW_RULES);
    const starts = index.starts();
    for (let li = 0; li < starts.length; li++) {
      const ls = starts[li]!;
      const nl = text.indexOf('\n', ls);
      const le = nl < 0 ? text.length : nl;
      if (le - ls > LINE_MAX) continue;
      const q = text.indexOf('\\"', ls);
      if (q < 0) break;
      if (q >= le) {
        // Lines without one are skipped in one step: to the line that holds the next.
        const next = text.lastIndexOf('\n', q);
        while (li + 1 < starts.length && starts[li + 1]! <= next) li++;
        continue;
      }
      const view = unescapedView(text.slice(ls, le));
      if (view === null || candidateLinesIndexOf(view.text).length === 0) continue;
      const hits: Hit[] = [];
      for (const rule of select(view.text)) rule.scan(view.text, hits);
      for (const h of hits) {
        if (h.end <= h.start || h.follow !== undefined) continue;
        // Named for this rule, and a little ahead of the same rule's reading of the raw line: the view is what runs.
        addHit(out, li, { start: view.from[h.start]!, end: view.to[h.end - 1]!, rule: 'escaped-code', priority: h.priority - 0.01 });
      }
    }
  },
  samples() {
    const p = Array.from({ length: 4 }, (_, i) => rand(PASSWORD_CHARS.replace(/[#'"\\,;]/g, ''), 22, 0xe5c0 + i));
    const notebook = [
      '{',
      ' "cells": [{"cell_type": "code", "source": [',
      '    "import os\\n",',
      `    "os.environ[\\"OPENAI_API_KEY\\"] = \\"${p[0]}\\"\\n",`,
      `    "headers = {\\"Authorization\\": \\"Bearer ${p[1]}\\"}\\n",`,
      `    "password = \\"${p[2]}\\"\\n"`,
      ' ]}]',
      '}',
    ].join('\n');
    const log = `{"ts":"2026-12-01T10:00:02Z","cmd":"curl -H \\"X-Api-Key: ${p[3]}\\" https://api.example.com"}`;
    return {
      truePositives: [
        { text: notebook, secrets: [p[0]!, p[1]!, p[2]!] },
        { text: log, secrets: [p[3]!] },
      ],
      falsePositives: [
        '{\n "cells": [{"source": [\n    "df = pd.read_csv(\\"data.csv\\")\\n",\n    "token = os.environ[\\"HF_TOKEN\\"]\\n",\n    "print(\\"password reset sent\\")\\n"\n ]}]\n}',
        '{"level":"info","msg":"GET \\"/v1/users\\" 200","trace":"4bf92f3577b34da6a3ce929d0e0e4736"}',
      ],
    };
  },
};
