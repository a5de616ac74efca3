// Values that say where a secret is, not what it is, in grammars a value judge alone cannot read (it sees the
// value without its line): a shell command substitution in backticks, and a secret store's lookup name.
// Threat both ways: masked, the line the model reads is not the file's (a script it edits back loses its
// `cat /run/secrets/pw`); let through wrongly, a literal secret is shown. So each form is a whole grammar: the
// whole value is the reference, and a value that merely holds one is judged as before.
import { isWordyIdentifier } from '../entropy';

/** Before a shell variable's name: blanks and a declaration word (`export`, `local`, `readonly`, `declare -x`). */
const SHELL_DECL = /^[ \t]*(?:(?:export|local|readonly|declare|typeset)(?:[ \t]+-[A-Za-z]+)*[ \t]+)?$/;
/**
 * A command and its arguments: a command word (a name or a path of names) and at least one argument
 * (`cat /run/secrets/pw`, `vault kv get -field=token secret/api`, `gh auth token`). `echo` and `printf` print
 * what they are given, the literal itself: no reference.
 */
const COMMAND = /^[ \t]*((?:[~.]?\/)?[A-Za-z_][\w.+-]*(?:\/[A-Za-z_][\w.+-]*)*)[ \t]+\S/;

/**
 * `NAME=\`cmd args\``: a shell command substitution as a variable's whole value (the name at the start of its line, maybe
 * after `export`/`local`; no blank around `=`; the closing backtick ends the word). Bash runs the command and the
 * variable holds its output: the line shows where the secret comes from, not the secret. `line[start, end)` is the
 * text inside the backticks.
 */
export function shellCommandSubstitution(line: string, nameStart: number, opEnd: number, start: number, end: number): boolean {
  if (line.charCodeAt(opEnd - 1) !== 61 || start !== opEnd + 1 || line.charCodeAt(opEnd) !== 96 || line.charCodeAt(end) !== 96) return false;
  const after = line.charCodeAt(end + 1);
  if (end + 1 < line.length && !(after === 32 || after === 9 || after === 59 || after === 38 || after === 124 || after === 13 || after === 35)) return false;
  if (!SHELL_DECL.test(line.slice(0, nameStart))) return false;
  const m = COMMAND.exec(line.slice(start, end));
  if (m === null) return false;
  const cmd = m[1]!.slice(m[1]!.lastIndexOf('/') + 1);
  if (cmd === 'echo' || cmd === 'printf') return false;
  return cmd.split(/[.+-]/).every((w) => w === '' || isWordyIdentifier(w));
}

/** Names of a secret store's lookup key: AWS Secrets Manager's `--secret-id` / `SecretId`, `secret_name`, `secret_arn`, `secretName`. */
const STORE_KEY = /^(?:--?)?(?:secret[_-]?(?:id|name|arn)|SecretId|SecretName|SecretArn|secretId|secretName|secretArn)$/;
/** A path of names (`prod/db/password`, `tutorials/MyFirstSecret`, `/prod/api-token`): each segment words joined by `-` `_` `.`. */
const NAME_PATH = /^\/?[A-Za-z][\w.-]*(?:\/[A-Za-z][\w.-]*)+$/;

/**
 * `--secret-id prod/db/password`, `secret_name: prod/db`: the name a secret is stored under in a secrets manager, a path
 * of words. Vault AppRole's `secret_id` is a secret, but a UUID or random material, never a path of words: that is
 * still judged.
 */
export function storedSecretName(name: string, value: string): boolean {
  if (!STORE_KEY.test(name) || !NAME_PATH.test(value)) return false;
  for (const seg of value.split('/'))
    for (const w of seg.split(/[._-]/)) if (w !== '' && !(isWordyIdentifier(w) && !/^[A-Za-z]*[0-9]{3,}/.test(w) && w.length <= 24)) return false;
  return true;
}
