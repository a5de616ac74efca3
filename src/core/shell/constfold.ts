// Constant paths in a script's code: `path.join(__dirname, 'out.json')`, `const f = 'data.json'; readFileSync(f)`,
// `os.path.join(os.path.dirname(__file__), 'x')`, `Path(__file__).parent / 'x'`. The opaque-call check
// (opaquecalls.ts) asks about a file call whose argument is not one plain literal; an argument that is a constant
// (literals, `+` of them, a name bound once to one, the script's own location, the path module's join, dirname
// and resolve) is folded into the literal it is, so it is judged like one — by the path rules, `.env` included.
// Anything else (`['.e','nv'].join('')`, `process.env.X`, a name bound twice or shadowed) stays computed.
// Not a parser: a small expression reader over the argument text, and a conservative test that a name is bound
// exactly once (any other binding form it recognises, or a `with`, makes it unknown).

/** A plain literal: no escapes, no interpolation. */
const LIT = /^(?:'([^'\\\n]*)'|"([^"\\\n$#{}]*)"|`([^`\\\n$]*)`)/;

interface Ctx {
  lang: 'node' | 'python';
  code: string;
  /** The script's absolute path. */
  file: string;
  depth: number;
  /** Names found bound once to a constant, cached (null: not a constant). */
  names: Map<string, string | null>;
  /** Values known to be pathlib paths (where `/` joins; a str has no `/`, so reading one so only meets a TypeError). */
  paths: Set<string>;
}

const esc = (s: string) => s.replace(/[$]/g, '\\$');

/** The binding text of `name` when it is bound exactly once, at the top level, to one expression; else undefined. */
function bindingOf(c: Ctx, name: string): string | undefined {
  const n = esc(name);
  const code = c.code;
  if (c.lang === 'node') {
    if (/\bwith\s*\(/.test(code)) return undefined;
    const decl = [...code.matchAll(new RegExp(String.raw`^(?:export\s+)?(?:const|let|var)\s+${n}\s*=\s*([^;\n]+?)\s*;?\s*$`, 'gm'))];
    if (decl.length !== 1) return undefined;
    const others = [
      new RegExp(String.raw`(?<![\w$.])${n}\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)`, 'g'),
      new RegExp(String.raw`(?:\+\+|--)\s*${n}(?![\w$])|(?<![\w$.])${n}\s*(?:\+\+|--)`, 'g'),
      new RegExp(String.raw`\b(?:const|let|var)\s+[{[][^=]*(?<![\w$.])${n}(?![\w$])`, 'g'),
      new RegExp(String.raw`\b(?:let|var)\s+[\w$\s,]*,\s*${n}(?![\w$])`, 'g'),
      new RegExp(String.raw`\bfunction\b[^(]*\([^)]*(?<![\w$.])${n}(?![\w$])[^)]*\)`, 'g'),
      new RegExp(String.raw`\([^()]*(?<![\w$.])${n}(?![\w$])[^()]*\)\s*(?:=>|\{)`, 'g'),
      new RegExp(String.raw`\b(?:catch|for)\s*\([^;()]*(?<![\w$.])${n}(?![\w$])`, 'g'),
      new RegExp(String.raw`\bimport\b[^;]*(?<![\w$.])${n}(?![\w$])[^;]*\bfrom\b|\b(?:class|function\s*\*?)\s+${n}(?![\w$])`, 'g'),
      new RegExp(String.raw`[[{][^\]}=]*(?<![\w$.])${n}(?![\w$])[^\]}=]*[\]}]\s*=(?![=>])`, 'g'),
    ];
    // The declaration itself is one match of the first pattern.
    if ((code.match(others[0]) ?? []).length !== 1) return undefined;
    for (const re of others.slice(1)) if (re.test(code)) return undefined;
    return decl[0][1];
  }
  const decl = [...code.matchAll(new RegExp(String.raw`^${n}\s*(?::\s*str\s*)?=\s*([^\n#]+?)\s*$`, 'gm'))];
  if (decl.length !== 1) return undefined;
  const others = [
    new RegExp(String.raw`(?<![\w.])${n}\s*(?:[-+*/%@&|^]|//|\*\*|<<|>>|:)?=(?!=)`, 'g'),
    new RegExp(String.raw`^[^=\n#]*,\s*${n}\s*(?:,[^=\n]*)?=(?!=)|^[^=\n#]*(?<![\w.])${n}\s*,[^=\n]*=(?!=)`, 'gm'),
    new RegExp(String.raw`\b(?:def|lambda)\b[^:]*(?<![\w.])${n}(?![\w])[^:]*:`, 'g'),
    new RegExp(
      String.raw`\bfor\b[^:\n]*(?<![\w.])${n}(?![\w])[^:\n]*\bin\b|\bas\s+${n}\b|\bimport\b[^\n]*(?<![\w.])${n}\b|\b(?:global|nonlocal|del)\b[^\n]*\b${n}\b`,
      'g',
    ),
  ];
  if ((code.match(others[0]) ?? []).length !== 1) return undefined;
  for (const re of others.slice(1)) if (re.test(code)) return undefined;
  return decl[0][1];
}

function constName(c: Ctx, name: string): string | undefined {
  if (c.names.has(name)) return c.names.get(name) ?? undefined;
  c.names.set(name, null);
  if (c.depth > 6) return undefined;
  const b = bindingOf(c, name);
  const v = b === undefined ? undefined : evaluate({ ...c, depth: c.depth + 1 }, b);
  c.names.set(name, v ?? null);
  return v;
}

/** Whether the module `mod` is bound to `name` (and `name` bound nowhere else). */
function boundTo(c: Ctx, name: string, mods: string): boolean {
  const n = esc(name);
  if (c.lang === 'node') {
    const ok =
      new RegExp(String.raw`^(?:const|let|var)\s+${n}\s*=\s*require\(\s*['"](?:node:)?(?:${mods})['"]\s*\)\s*;?\s*$`, 'm').test(c.code) ||
      new RegExp(String.raw`^import\s+(?:\*\s+as\s+)?${n}\s+from\s+['"](?:node:)?(?:${mods})['"]`, 'm').test(c.code) ||
      new RegExp(String.raw`^(?:const|let|var)\s*\{[^}=]*(?<![\w$:])${n}\s*[,}][^=]*=\s*require\(\s*['"](?:node:)?(?:${mods})['"]\s*\)`, 'm').test(c.code) ||
      new RegExp(String.raw`^import\s*\{[^}]*(?<![\w$])${n}\s*[,}][^;]*from\s+['"](?:node:)?(?:${mods})['"]`, 'm').test(c.code);
    if (!ok) return false;
    const rebind = new RegExp(
      String.raw`(?<![\w$.])${n}\s*=(?![=>])|\([^()]*(?<![\w$.])${n}(?![\w$])[^()]*\)\s*(?:=>|\{)|\bfunction\b[^(]*\([^)]*(?<![\w$.])${n}(?![\w$])`,
    );
    return !rebind.test(c.code.replace(/^(?:const|let|var|import)\b.*$/gm, ''));
  }
  const ok = new RegExp(String.raw`^(?:import\s+(?:${mods})(?:\s*,\s*\w+)*\s*$|from\s+[\w.]+\s+import\s+[^\n]*\b${n}\b)`, 'm').test(c.code);
  if (!ok) return false;
  return !new RegExp(String.raw`(?<![\w.])${n}\s*=(?!=)|\bdef\b[^:]*\b${n}\b[^:]*:|\bas\s+${n}\b(?![^\n]*\bimport\b)`).test(c.code);
}

// ---- paths -------------------------------------------------------------------------------------------------------

function normalize(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else if (seg !== '..' || !abs) out.push(seg);
  }
  const s = out.join('/');
  return abs ? '/' + s : s || '.';
}
const dirnameOf = (p: string) => {
  const n = normalize(p);
  const i = n.lastIndexOf('/');
  return i < 0 ? '.' : i === 0 ? '/' : n.slice(0, i);
};
/** Node's path.join: every piece, concatenated. */
const joinNode = (xs: string[]) => normalize(xs.filter((x) => x !== '').join('/') || '.');
/** Python's os.path.join and pathlib's `/`: an absolute piece starts over. */
const joinPy = (xs: string[]) => normalize(xs.reduce((a, x) => (x.startsWith('/') ? x : a === '' ? x : `${a}/${x}`), ''));
/** path.resolve: from the right, up to an absolute piece; relative stays relative to the working folder. */
const resolveNode = (xs: string[]) => {
  let out = '';
  for (let i = xs.length - 1; i >= 0; i--) {
    out = out === '' ? xs[i] : `${xs[i]}/${out}`;
    if (xs[i].startsWith('/')) break;
  }
  return normalize(out || '.');
};

// ---- the expression reader ---------------------------------------------------------------------------------------

class Reader {
  i = 0;
  constructor(
    readonly c: Ctx,
    readonly s: string,
  ) {}
  mark(v: string): string {
    this.c.paths.add(v);
    return v;
  }
  ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }
  eat(t: string): boolean {
    this.ws();
    if (this.s.startsWith(t, this.i)) {
      this.i += t.length;
      return true;
    }
    return false;
  }
  /** Comma-separated expressions up to `)`. */
  args(): string[] | undefined {
    const out: string[] = [];
    if (this.eat(')')) return out;
    for (;;) {
      const v = this.expr();
      if (v === undefined) return undefined;
      out.push(v);
      if (this.eat(')')) return out;
      if (!this.eat(',')) return undefined;
      if (this.eat(')')) return out;
    }
  }
  expr(): string | undefined {
    let v = this.term();
    if (v === undefined) return undefined;
    for (;;) {
      this.ws();
      const py = this.c.lang === 'python';
      if (this.s[this.i] === '+' && this.s[this.i + 1] !== '=' && this.s[this.i + 1] !== '+') {
        this.i++;
        const r = this.term();
        if (r === undefined) return undefined;
        v += r;
      } else if (py && this.s[this.i] === '/' && this.s[this.i + 1] !== '/' && this.s[this.i + 1] !== '=' && this.c.paths.has(v)) {
        // pathlib's `/` (only on a value that is a Path: a str has none).
        this.i++;
        const r = this.term();
        if (r === undefined) return undefined;
        v = joinPy([v, r]);
        this.c.paths.add(v);
      } else return v;
    }
  }
  term(): string | undefined {
    this.ws();
    const rest = this.s.slice(this.i);
    const lit = (this.c.lang === 'python' ? PY_LIT : LIT).exec(rest);
    if (lit) {
      this.i += lit[0].length;
      return lit[1] ?? lit[2] ?? lit[3] ?? lit[4] ?? '';
    }
    if (this.eat('(')) {
      const v = this.expr();
      return v !== undefined && this.eat(')') ? this.post(v) : undefined;
    }
    const id = /^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*/.exec(rest);
    if (!id) return undefined;
    this.i += id[0].length;
    const dotted = id[0].replace(/\s+/g, '');
    const v = this.c.lang === 'node' ? this.nodeName(dotted) : this.pyName(dotted);
    return v === undefined ? undefined : this.post(v);
  }
  /** Postfix on a value: pathlib's `.parent`, `.resolve()`, `.joinpath(…)`, `.with_name(…)`. */
  post(v: string): string | undefined {
    if (this.c.lang !== 'python' || !this.c.paths.has(v)) return v;
    for (;;) {
      const save = this.i;
      if (this.eat('.parent')) v = dirnameOf(v);
      else if (this.eat('.resolve()') || this.eat('.absolute()') || this.eat('.expanduser()')) {
        // the same path, as the path rules judge it
      } else if (this.eat('.joinpath(')) {
        const a = this.args();
        if (a === undefined) return undefined;
        v = joinPy([v, ...a]);
      } else if (this.eat('.with_name(')) {
        const a = this.args();
        if (a === undefined || a.length !== 1) return undefined;
        v = joinPy([dirnameOf(v), a[0]]);
      } else {
        this.i = save;
        this.c.paths.add(v);
        return v;
      }
      this.c.paths.add(v);
    }
  }
  nodeName(d: string): string | undefined {
    const file = this.c.file;
    if (d === '__dirname' || d === 'import.meta.dirname') return dirnameOf(file);
    if (d === '__filename' || d === 'import.meta.filename') return file;
    if (d === 'process.cwd' && this.eat('(') && this.eat(')')) return '.';
    const call = /^(?:(\w+)\.)?(join|resolve|dirname|fileURLToPath)$/.exec(d);
    if (call && this.eat('(')) {
      const [, mod, fn] = call;
      if (fn === 'fileURLToPath') {
        if (!(mod ? boundTo(this.c, mod, 'url') : boundTo(this.c, fn, 'url'))) return undefined;
        const u = this.url();
        return u !== undefined && this.eat(')') ? u : undefined;
      }
      if (!(mod ? boundTo(this.c, mod, 'path|path/posix') : boundTo(this.c, fn, 'path|path/posix'))) return undefined;
      const a = this.args();
      if (a === undefined) return undefined;
      if (fn === 'join') return joinNode(a);
      if (fn === 'resolve') return resolveNode(a);
      return a.length === 1 ? dirnameOf(a[0]) : undefined;
    }
    if (d === 'new') return this.newUrl();
    if (/^[A-Za-z_$][\w$]*$/.test(d)) return constName(this.c, d);
    return undefined;
  }
  /** `import.meta.url` or `new URL(LIT, import.meta.url)`: the path it names. */
  url(): string | undefined {
    this.ws();
    if (this.eat('import.meta.url')) return this.c.file;
    return this.eat('new') ? this.newUrl() : undefined;
  }
  /** After `new`: `URL(LIT, import.meta.url)`. */
  newUrl(): string | undefined {
    if (!this.eat('URL') || !this.eat('(')) return undefined;
    const rel = this.expr();
    if (rel === undefined || !this.eat(',') || !this.eat('import.meta.url') || !this.eat(')')) return undefined;
    return rel.startsWith('/') ? normalize(rel) : joinNode([dirnameOf(this.c.file), rel]);
  }
  pyName(d: string): string | undefined {
    const file = this.c.file;
    if (d === '__file__') return file;
    const m = /^(?:(os)\.path\.|(path)\.)?(join|dirname|abspath|realpath|expanduser|normpath)$/.exec(d);
    if (m && this.eat('(')) {
      const [, os, path, fn] = m;
      if (!(os ? boundTo(this.c, 'os', 'os') : path ? boundTo(this.c, 'path', 'os\\.path') : boundTo(this.c, fn, 'os\\.path'))) return undefined;
      const a = this.args();
      if (a === undefined) return undefined;
      if (fn === 'join') return joinPy(a);
      if (a.length !== 1) return undefined;
      return fn === 'dirname' ? dirnameOf(a[0]) : normalize(a[0]);
    }
    if ((d === 'os.getcwd' && boundTo(this.c, 'os', 'os')) || d === 'Path.cwd') return this.eat('(') && this.eat(')') ? this.mark('.') : undefined;
    if (d === 'Path.home' || d === 'pathlib.Path.home') return this.eat('(') && this.eat(')') ? this.mark('~') : undefined;
    if ((d === 'Path' && boundTo(this.c, 'Path', 'pathlib')) || (d === 'pathlib.Path' && boundTo(this.c, 'pathlib', 'pathlib'))) {
      if (!this.eat('(')) return undefined;
      const a = this.args();
      return a === undefined || a.length > 1 ? undefined : this.mark(a.length ? normalize(a[0]) : '.');
    }
    if (/^\w+$/.test(d)) return constName(this.c, d);
    return undefined;
  }
}

/** Python literal (a prefix r, u; no f-strings, no bytes). */
const PY_LIT = /^(?:[rRuU]?)(?:'([^'\\\n]*)'|"([^"\\\n]*)")(?!\s*(?:'|"))/;

/** The constant string `text` (an expression in `lang`) stands for, or undefined. */
function evaluate(c: Ctx, text: string): string | undefined {
  const r = new Reader(c, text);
  const v = r.expr();
  r.ws();
  return v !== undefined && r.i === text.length ? v : undefined;
}

/** A context for folding the arguments of one script, or undefined for a language not folded. */
export function folder(lang: string, code: string, file: string): ((arg: string) => string | undefined) | undefined {
  if (lang !== 'node' && lang !== 'python') return undefined;
  const c: Ctx = { lang, code, file, depth: 0, names: new Map(), paths: new Set() };
  return (arg) => {
    const v = evaluate(c, arg.trim());
    // A value that cannot be written back as a plain literal stays computed.
    return v === undefined || /['"\\\n`$#{}]/.test(v) ? undefined : v;
  };
}
