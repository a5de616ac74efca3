// Small readers for the languages programs embed in their arguments: sed scripts and awk programs. Not full
// parsers: they find what can write a file, read one, or run a command, and say when they cannot tell.
// Threat: `sed -n '1e rm -rf build' x`, `sed 's/.*/…/e'`, `sed 'w tests/a.test.ts'`, awk's `system()`,
// `print | "sh"`, `"cmd" | getline` and `print > "file"`.

export interface SedEffects {
  /** Literal commands run by `e CMD`. */
  commands: string[];
  /** `e` without a command or `s///e`: the pattern space itself is run. */
  dynamicExec: boolean;
  writes: string[];
  reads: string[];
  error: string | undefined;
}

const SED_NOARG = new Set(['=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F']);

export function sedEffects(script: string): SedEffects {
  const out: SedEffects = { commands: [], dynamicExec: false, writes: [], reads: [], error: undefined };
  const n = script.length;
  let i = 0;
  const restOfLine = (): string => {
    let j = i;
    while (j < n && script[j] !== '\n') j++;
    const s = script.slice(i, j);
    i = j;
    return s;
  };
  const skipBlank = () => {
    while (i < n && (script[i] === ' ' || script[i] === '\t')) i++;
  };
  /** A delimited part (`/re/`, `s` parts) ending at an unescaped `d`; returns false when unterminated. */
  const delimited = (d: string): boolean => {
    while (i < n) {
      const c = script[i];
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === d) {
        i++;
        return true;
      }
      if (c === '\n' && d !== '\n') return false;
      i++;
    }
    return false;
  };
  const address = (): boolean => {
    const c = script[i];
    if (c === undefined) return true;
    if (/[0-9]/.test(c)) {
      while (i < n && /[0-9~]/.test(script[i])) i++;
    } else if (c === '$') i++;
    else if (c === '/') {
      i++;
      if (!delimited('/')) return false;
      while (i < n && /[IM]/.test(script[i])) i++;
    } else if (c === '\\') {
      const d = script[i + 1];
      i += 2;
      if (d === undefined || !delimited(d)) return false;
      while (i < n && /[IM]/.test(script[i])) i++;
    }
    return true;
  };
  while (i < n) {
    while (i < n && /[\s;]/.test(script[i])) i++;
    if (i >= n) break;
    if (script[i] === '#') {
      restOfLine();
      continue;
    }
    if (!address()) return fail(out, 'an unterminated address');
    skipBlank();
    if (script[i] === ',') {
      i++;
      skipBlank();
      if (script[i] === '+' || script[i] === '~') i++;
      if (!address()) return fail(out, 'an unterminated address');
      skipBlank();
    }
    while (script[i] === '!' || script[i] === ' ') i++;
    const c = script[i++];
    if (c === undefined) return fail(out, 'an address without a command');
    if (c === '{' || c === '}') continue;
    if (SED_NOARG.has(c)) continue;
    if (c === ':' || c === 'b' || c === 't' || c === 'T' || c === 'v') {
      while (i < n && script[i] !== ';' && script[i] !== '\n' && script[i] !== '}') i++;
      continue;
    }
    if (c === 'l' || c === 'L' || c === 'q' || c === 'Q') {
      skipBlank();
      while (i < n && /[0-9]/.test(script[i])) i++;
      continue;
    }
    if (c === 'a' || c === 'i' || c === 'c') {
      // GNU one-line form `a text`, or `a\` then the text on the next line(s).
      while (i < n) {
        const line = restOfLine();
        if (!line.endsWith('\\') || i >= n) break;
        i++;
      }
      continue;
    }
    if (c === 'r' || c === 'R' || c === 'w' || c === 'W') {
      skipBlank();
      const f = restOfLine().trim();
      if (!f) return fail(out, `${c} without a file name`);
      if (c === 'r' || c === 'R') out.reads.push(f);
      else out.writes.push(f);
      continue;
    }
    if (c === 'e') {
      skipBlank();
      const cmd = restOfLine().trim();
      if (cmd) out.commands.push(cmd);
      else out.dynamicExec = true;
      continue;
    }
    if (c === 's' || c === 'y') {
      const d = script[i++];
      if (d === undefined || d === '\n' || d === '\\') return fail(out, `${c} without a delimiter`);
      if (!delimited(d)) return fail(out, `an unterminated ${c} command`);
      // The replacement may span lines when newlines are escaped.
      if (!delimited(d)) return fail(out, `an unterminated ${c} command`);
      if (c === 'y') continue;
      while (i < n) {
        const f = script[i];
        if (f === 'w' || f === 'W') {
          i++;
          skipBlank();
          const file = restOfLine().trim();
          if (!file) return fail(out, 's///w without a file name');
          out.writes.push(file);
          break;
        }
        if (f === 'e') {
          out.dynamicExec = true;
          i++;
          continue;
        }
        if (/[gpiImM0-9]/.test(f)) {
          i++;
          continue;
        }
        break;
      }
      continue;
    }
    return fail(out, `the command ${JSON.stringify(c)}`);
  }
  return out;
}

function fail(out: SedEffects, what: string): SedEffects {
  out.error = what;
  return out;
}

export interface AwkEffects {
  commands: string[];
  writes: { path: string; append: boolean }[];
  reads: string[];
  unknown: string | undefined;
}

const SECRETISH = /SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|ACCESS_KEY|PRIVATE|CREDENTIAL|AUTH|SESSION|COOKIE|DATABASE_URL|_KEY$/i;
const SHELLS = /^(?:\/\S*\/)?(sh|bash|zsh|dash|ksh|ash|fish|csh|tcsh)(\s.*)?$/;
const SINKS = /^\/dev\/(stdout|stderr|null|fd\/\d+)$|^-$/;

interface Tok {
  t: 'str' | 'id' | 'op' | 'num' | 're' | 'nl';
  v: string;
}

function awkTokens(src: string): Tok[] | string {
  const toks: Tok[] = [];
  const n = src.length;
  let i = 0;
  const operand = () => {
    const p = toks[toks.length - 1];
    return p !== undefined && (p.t === 'str' || p.t === 'num' || p.t === 'id' || (p.t === 'op' && (p.v === ')' || p.v === ']' || p.v === '$')));
  };
  while (i < n) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '\n' || c === ';') {
      toks.push({ t: 'nl', v: c });
      i++;
      continue;
    }
    if (c === '#') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let v = '';
      while (j < n && src[j] !== '"') {
        if (src[j] === '\\' && j + 1 < n) {
          const e = src[j + 1];
          v += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
          continue;
        }
        v += src[j++];
      }
      if (j >= n) return 'an unterminated string';
      toks.push({ t: 'str', v });
      i = j + 1;
      continue;
    }
    if (c === '/' && !operand()) {
      let j = i + 1;
      while (j < n && src[j] !== '/' && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      if (j >= n || src[j] !== '/') return 'an unterminated regular expression';
      toks.push({ t: 're', v: src.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_@]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_]/.test(src[j])) j++;
      toks.push({ t: 'id', v: src.slice(i, j) });
      i = j;
      continue;
    }
    if (/[0-9.]/.test(c)) {
      let j = i + 1;
      while (j < n && /[0-9.eE]/.test(src[j])) j++;
      toks.push({ t: 'num', v: src.slice(i, j) });
      i = j;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (['>>', '|&', '||', '&&', '==', '!=', '<=', '>=', '++', '--', '+=', '-=', '*=', '/=', '%=', '^=', '!~'].includes(two)) {
      toks.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    toks.push({ t: 'op', v: c });
    i++;
  }
  return toks;
}

/** What an awk program does outside itself: commands it runs, files it writes and reads. */
export function awkEffects(src: string): AwkEffects {
  const out: AwkEffects = { commands: [], writes: [], reads: [], unknown: undefined };
  const toks = awkTokens(src);
  if (typeof toks === 'string') {
    out.unknown = `the program has ${toks}`;
    return out;
  }
  const unknown = (why: string) => (out.unknown ??= why);
  let inPrint = false;
  let printStart = -1;
  let depth = 0;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    const next = toks[k + 1];
    if (t.t === 'nl' || (t.t === 'op' && (t.v === '{' || t.v === '}'))) {
      inPrint = false;
      depth = 0;
      continue;
    }
    if (t.t === 'op' && t.v === '(') depth++;
    if (t.t === 'op' && t.v === ')') depth = Math.max(0, depth - 1);
    if (t.t === 'id') {
      if (t.v === 'print' || t.v === 'printf') {
        inPrint = true;
        printStart = k;
        depth = 0;
        continue;
      }
      if (t.v === 'system') {
        const a = toks[k + 2];
        if (next?.v === '(' && a?.t === 'str' && toks[k + 3]?.v === ')') out.commands.push(a.v);
        else unknown('system() runs a command the program computes');
        continue;
      }
      if (t.v === 'ENVIRON') {
        const key = toks[k + 2];
        if (next?.v !== '[' || key?.t !== 'str' || SECRETISH.test(key.v)) unknown('the program reads the environment (tokens included)');
      }
      if (t.v === '@load') unknown('@load loads native code');
      if (t.v === '@include') unknown('@include runs another awk file');
      // getline < file, getline var < file
      const lt = next?.t === 'op' && next.v === '<' ? 1 : next?.t === 'id' && toks[k + 2]?.v === '<' ? 2 : 0;
      if (t.v === 'getline' && lt) {
        const f = toks[k + 1 + lt];
        if (f?.t === 'str') out.reads.push(f.v);
        else unknown('getline reads a file the program computes');
        continue;
      }
    }
    if (t.t === 'op' && (t.v === '|' || t.v === '|&')) {
      // `"cmd" | getline` runs cmd; `print … | "cmd"` pipes into cmd.
      const prev = toks[k - 1];
      if (next?.t === 'id' && next.v === 'getline') {
        if (prev?.t === 'str') out.commands.push(prev.v);
        else unknown('a command the program computes is run for getline');
        continue;
      }
      if (!inPrint || depth !== 0) continue;
      if (next?.t !== 'str') {
        unknown('print pipes into a command the program computes');
        continue;
      }
      if (SHELLS.test(next.v.trim())) {
        // The printed text is the shell's program: readable only when it is one literal string.
        const args = toks.slice(printStart + 1, k);
        if (args.length === 1 && args[0].t === 'str') out.commands.push(args[0].v);
        else unknown(`print pipes computed text into ${next.v}`);
      } else out.commands.push(next.v);
      continue;
    }
    if (t.t === 'op' && (t.v === '>' || t.v === '>>') && inPrint && depth === 0) {
      if (next?.t === 'str') {
        if (!SINKS.test(next.v)) out.writes.push({ path: next.v, append: t.v === '>>' });
      } else unknown(`print ${t.v} writes a file the program computes`);
    }
  }
  return out;
}
