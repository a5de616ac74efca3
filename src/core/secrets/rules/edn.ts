// Clojure source and EDN config (deps.edn, config.edn, Aero, Integrant, Leiningen's project.clj): a map's keys
// are keywords, `{:api-token "…" :db/password "…"}`, with no `=` or `:` after the name for the pre-scan to
// anchor on, and names spelled with dashes and a namespace (`:slack/bot-token`). Threat: every credential
// of a Clojure service's config reaches the model. The text is told by its head (a map of keywords, or a
// form such as `(ns …)`, `(def …)`, `(defproject …)`), then each keyword key and its string value is judged.
import { isPlaceholder, isReference, valueLooksSecret } from '../entropy';
import { classifyName } from '../names';
import { PASSWORD_CHARS, rand } from '../samples';
import { addHit } from './hits';
import type { BlockOutput, BlockRule, LineIndex } from '../types';

/** Just behind keyword-value (a line rule that reads `:password "…"` on any line): where both read a value, it names it. */
const PRIORITY = 1.1;
/** A keyword (maybe namespaced) then blanks or commas then a string on the same line. */
const KEYWORD_STRING = /(?<![\w:/.*+!?-]):((?:[A-Za-z][\w.*+!?-]*\/)?([A-Za-z][\w.*+!?-]*))[ \t,]+(?:#[A-Za-z/]+[ \t]+)?"((?:[^"\\\r\n]|\\.){1,512})"/dg;
/** The head of an EDN map of keywords, or a Clojure form. */
const CLOJURE_HEAD = /^(?:\{[ \t\r\n]*:|\((?:ns|def|defn|defproject|defconfig|require|comment)\b|#?:?[A-Za-z][\w.-]*\/?[\w-]*[ \t]*\{[ \t\r\n]*:)/;

/** The head of the text (blanks, `;` comments and `#_` discards skipped) reads as EDN or Clojure. */
export function looksClojure(text: string): boolean {
  let i = 0;
  const stop = Math.min(text.length, 4096);
  for (;;) {
    while (
      i < stop &&
      (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13 || text.charCodeAt(i) === 44)
    )
      i++;
    if (i < stop && text.charCodeAt(i) === 59) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return false;
      i = nl + 1;
      continue;
    }
    break;
  }
  return i < stop && CLOJURE_HEAD.test(text.slice(i, i + 64));
}

export const ednKeyword: BlockRule = {
  id: 'edn-keyword',
  description: 'A string after a secret-named keyword key in Clojure or EDN: {:api-token "…"}, :db/password "…"',
  gate: '',
  applies: looksClojure,
  scan(text: string, index: LineIndex, out: BlockOutput): void {
    let starts: number[] | undefined;
    let li = 0;
    KEYWORD_STRING.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = KEYWORD_STRING.exec(text)) !== null) {
      const strength = classifyName(m[2]!) ?? classifyName(m[1]!.replace('/', '-'));
      const v = m[3]!;
      if (strength === null || isReference(v) || isPlaceholder(v) || !valueLooksSecret(v, strength, true)) continue;
      const [s, e] = m.indices![3]!;
      starts ??= index.starts();
      while (li + 1 < starts.length && starts[li + 1]! <= s) li++;
      addHit(out, li, { start: s - starts[li]!, end: e - starts[li]!, rule: 'edn-keyword', priority: PRIORITY });
    }
  },
  samples() {
    const p = Array.from({ length: 5 }, (_, i) => rand(PASSWORD_CHARS.replace(/[#'"\\,;]/g, ''), 22, 0xed70 + i));
    const config = [
      ';; prod config',
      '{:server {:port 8080}',
      ` :api-token "${p[0]}"`,
      ` :slack/bot-token "${p[1]}"`,
      ` :auth-secret #profile "${p[2]}"`,
      ` :db {:user "app", :password "${p[3]}"}`,
      ' :build "4bf92f3577b34da6a3ce929d0e0e4736"}',
    ].join('\n');
    const source = `(ns app.config)\n\n(def settings\n  {:client-secret "${p[4]}"\n   :title "Dashboard"})`;
    return {
      truePositives: [
        { text: config, secrets: p.slice(0, 4) },
        { text: source, secrets: [p[4]!] },
      ],
      falsePositives: [
        '{:server {:port 8080}\n :api-token #env API_TOKEN\n :auth-secret "${AUTH_SECRET}"\n :token-url "https://login.example.com/oauth/token"\n :password-min-length "12"}',
        '(ns app.core)\n(defn login [{:keys [password]}] (check :password "changeme"))',
      ],
    };
  },
};
