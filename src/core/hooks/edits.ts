// What a host's own edit tool will leave in a file, computed from the tool's input and the file's text
// before: for the checks that need the result (a placeholder the model copied from a masked view must not
// reach the disk; an edit must not disable or weaken a test). Pure: the node side reads the files.
// Each host matches its edits more loosely than these plain functions (whitespace, healing by a model):
// where ours cannot place an edit, `after` says so and the checks fall back to the edit's own text.
import type { FileEdit } from './bridge';

/** The whole file replaced by `content` (create or overwrite). */
export function wholeFile(path: string, content: string): FileEdit {
  return { path, after: () => content, fallback: () => ({ oldText: '', newText: content }) };
}

export interface Replacement {
  old: string;
  new: string;
  all?: boolean;
}

function replaceIn(text: string, r: Replacement): string | undefined {
  if (r.old === '') return undefined;
  const first = text.indexOf(r.old);
  if (first < 0) return undefined;
  if (r.all) return text.split(r.old).join(r.new);
  if (text.indexOf(r.old, first + r.old.length) >= 0) return undefined; // ambiguous: the host refuses it too
  return text.slice(0, first) + r.new + text.slice(first + r.old.length);
}

/** Exact-string replacements applied in order (Edit, MultiEdit, replace_string_in_file, editor, replace). */
export function replacements(path: string, reps: Replacement[]): FileEdit {
  return {
    path,
    after(before) {
      if (before === undefined) return undefined;
      let t: string | undefined = before;
      for (const r of reps) {
        t = replaceIn(t, r) ?? replaceIn(t.replace(/\r\n/g, '\n'), { ...r, old: r.old.replace(/\r\n/g, '\n') });
        if (t === undefined) return undefined;
      }
      return t;
    },
    fallback: () => ({ oldText: reps.map((r) => r.old).join('\n'), newText: reps.map((r) => r.new).join('\n') }),
  };
}

/** Lines inserted before 1-based line `line` (Cline's editor with insert_line). */
export function insertAt(path: string, line: number, text: string): FileEdit {
  return {
    path,
    after(before) {
      if (before === undefined) return undefined;
      const lines = before.split(/\r?\n/);
      if (!Number.isInteger(line) || line < 1 || line > lines.length + 1) return undefined;
      lines.splice(line - 1, 0, ...text.split(/\r?\n/));
      return lines.join(before.includes('\r\n') ? '\r\n' : '\n');
    },
    fallback: () => ({ oldText: '', newText: text }),
  };
}

/** A merge the host does with a model ("...existing code..." markers): the result cannot be known here. */
export function unknownMerge(path: string, text: string): FileEdit {
  return { path, after: () => undefined, fallback: () => ({ oldText: '', newText: text }) };
}

/**
 * Cline's replace_in_file `diff`: SEARCH/REPLACE blocks, in the markers of either generation
 * (`------- SEARCH` / `=======` / `+++++++ REPLACE`, or `<<<<<<< SEARCH` / `>>>>>>> REPLACE`).
 * undefined when the text holds no well-formed block.
 */
export function parseSearchReplace(diff: string): Replacement[] | undefined {
  const lines = diff.replace(/\r\n/g, '\n').split('\n');
  const out: Replacement[] = [];
  let mode: 'none' | 'search' | 'replace' = 'none';
  let search: string[] = [];
  let repl: string[] = [];
  for (const l of lines) {
    if (/^(-{3,}|<{3,}) ?SEARCH\s*$/.test(l)) {
      if (mode !== 'none') return undefined;
      mode = 'search';
      search = [];
      repl = [];
    } else if (/^={3,}\s*$/.test(l) && mode === 'search') {
      mode = 'replace';
    } else if (/^(\+{3,}|>{3,}) ?REPLACE\s*$/.test(l)) {
      if (mode !== 'replace') return undefined;
      out.push({ old: search.join('\n'), new: repl.join('\n') });
      mode = 'none';
    } else if (mode === 'search') search.push(l);
    else if (mode === 'replace') repl.push(l);
  }
  if (mode !== 'none' || out.length === 0) return undefined;
  return out;
}
