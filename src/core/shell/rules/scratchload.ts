// Code loaded from scratch space through an option whose value is not a plain path: a JVM agent or class path
// (`java -javaagent:/tmp/a.jar`, `-agentpath:/tmp/a.so`, `-cp /tmp`), a PHP ini key that prepends a file
// (`php -d auto_prepend_file=/tmp/x.php`), a JDK or JVM arguments for Gradle (`-Dorg.gradle.java.home=/tmp/jdk`).
// Scratch space (/tmp, /var/tmp) holds what nobody has seen: a program run from it is asked (exec:scratch-program),
// and so is code a program loads from it by these options.
import { isScratch } from '../pathjudge';
import type { Sub } from '../types';
import type { Rule } from './types';

const JVM = new Set(['java', 'javaw', 'jshell', 'jdb', 'kotlin', 'scala', 'groovy', 'gradle', 'gradlew', 'mvn', 'mvnw', 'sbt', 'lein', 'clojure', 'clj']);
/** JVM options whose value (after `:` or `=`, or the next word) names code: agents, class and module paths. */
const JVM_INLINE =
  /^-(?:javaagent|agentpath|Xbootclasspath(?:\/[ap])?)[:=](.*)$|^-D(?:java\.(?:ext|endorsed)\.dirs|java\.library\.path|org\.gradle\.java\.home|org\.gradle\.jvmargs|maven\.ext\.class\.path|java\.system\.class\.loader)=(.*)$/;
const JVM_NEXT = new Set(['-cp', '-classpath', '--class-path', '-p', '--module-path', '--upgrade-module-path']);
/** php -d keys that load a file or an extension. */
const PHP_INI = /^(?:auto_prepend_file|auto_append_file|extension|zend_extension|extension_dir|include_path|user_ini\.filename|error_log|sendmail_path)=(.*)$/;

/** The scratch paths a value names: colon- or comma-separated lists, `key=path` pairs and `-javaagent:` inside JVM arguments. */
function scratchIn(v: string): string | undefined {
  for (const part of v.split(/[\s:,;=]+/)) if (part.startsWith('/') && isScratch(part)) return part;
  return undefined;
}

function check(s: Sub): string | undefined {
  const n = s.name;
  if (n === null) return undefined;
  const ws = s.words;
  const jvm = JVM.has(n);
  if (!jvm && n !== 'php' && !/^php\d/.test(n)) return undefined;
  for (let i = 1; i < ws.length; i++) {
    const v = ws[i].value;
    if (v === null) continue;
    let val: string | null | undefined;
    if (jvm) {
      const m = JVM_INLINE.exec(v);
      if (m !== null) val = m[1] ?? m[2];
      else if (JVM_NEXT.has(v)) val = ws[i + 1]?.value ?? null;
      else if (/^--(class|module)-path=/.test(v)) val = v.slice(v.indexOf('=') + 1);
    } else {
      // php -d key=value, -dkey=value
      const d = v === '-d' ? ws[i + 1]?.value : v.startsWith('-d') ? v.slice(2) : undefined;
      if (d === null) return `${n} -d sets an ini value only known at run time (it can load a file)`;
      if (d !== undefined) {
        const m = PHP_INI.exec(d);
        if (m !== null) val = m[1];
      }
    }
    if (val === null) return `${n} ${v} loads code from a path only known at run time`;
    if (val === undefined) continue;
    const at = scratchIn(val);
    if (at !== undefined) return `${n} ${v} loads code from ${at}, scratch space the guard has not seen`;
  }
  return undefined;
}

export const scratchLoadRules: Rule[] = [
  {
    id: 'exec.scratch-load',
    description:
      'Loads code from scratch space through an option value: JVM agents, class and module paths (`-javaagent:/tmp/a.jar`, `-agentpath:`, `-cp /tmp`, `-Dorg.gradle.java.home=/tmp/jdk`), PHP ini keys that load a file (`-d auto_prepend_file=/tmp/x.php`).',
    examples: {
      destructive: [
        'java -javaagent:/tmp/a.jar -jar build/app.jar',
        'java -agentpath:/tmp/a.so -version',
        'java -cp /tmp Evil',
        'java -cp build/classes:/tmp/x.jar Main',
        'gradle -Dorg.gradle.java.home=/tmp/jdk build',
        "gradle -Dorg.gradle.jvmargs='-javaagent:/tmp/a.jar' test",
        'mvn -Dmaven.ext.class.path=/tmp/e.jar test',
        'php -d auto_prepend_file=/tmp/x.php src/x.php',
        'php -dauto_append_file=/tmp/x.php -r 1',
        'php -d extension=/tmp/evil.so -v',
      ],
      benign: [
        'java -jar build/libs/app.jar',
        'java -cp build/classes:lib/dep.jar Main',
        'java -Xmx2g -jar app.jar',
        'gradle build',
        'mvn -Dmaven.repo.local=.m2 test',
        'php -d memory_limit=-1 vendor/bin/phpunit',
        'php -d display_errors=1 src/x.php',
      ],
    },
    check,
  },
];
