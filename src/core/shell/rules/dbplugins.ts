// Database drops and rollbacks reached through a build tool's plugin or a framework console rather than the
// migration tool's own CLI: `mvn flyway:clean`, `./gradlew flywayClean`, `mvn liquibase:dropAll`, `bin/console
// doctrine:schema:drop --force`. The CLI forms are db.migration-reset's; these are the same effect by another door.
// Both doors abbreviate: Gradle takes any unambiguous camel-case prefix of a task (`fC`, `flyClean`), Symfony's
// console (Doctrine's and Laravel's commands) any unambiguous prefix of each `:` part (`d:s:d`, `migrate:fr`), so a
// name is matched the way the tool resolves it.
import { judgeSql } from '../sql';
import type { Sub } from '../types';
import type { Rule } from './types';

/** Maven goals (`prefix:goal`, or `group:artifact[:version]:goal`) that wipe a schema or roll it back. */
const MAVEN_DROP = /^(\S*flyway\S*:(clean|undo)|\S*liquibase\S*:(dropAll|rollback))$/i;

/** Gradle tasks (the Flyway and Liquibase plugins') that wipe a schema or roll it back. */
const GRADLE_DROP = ['flywayClean', 'flywayUndo', 'dropAll', 'rollback', 'rollbackCount', 'rollbackToDate', 'rollbackOneChangeSet', 'rollbackOneUpdate'];

/** Symfony-console commands (Doctrine, Laravel artisan) that drop, purge or roll back. */
const CONSOLE_DROP = [
  'doctrine:schema:drop',
  'doctrine:database:drop',
  'doctrine:fixtures:load',
  'doctrine:mongodb:schema:drop',
  'doctrine:phpcr:repository:init',
  'migrate:fresh',
  'migrate:refresh',
  'migrate:reset',
  'migrate:rollback',
  'db:wipe',
];

/** Database shells (a SQL statement may ride any of their options). */
const SQL_SHELLS = ['pgcli', 'mycli', 'litecli', 'usql', 'sqlcmd', 'iredis', 'harlequin', 'vsql', 'isql', 'bcp', 'sqlplus', 'dbcli'];
/** A word that reads as a SQL statement (a verb and something after it). */
const SQL_VERB = /^\s*(drop|truncate|delete|alter|update|insert|create|grant|revoke|replace|merge|rename|vacuum|reindex|exec|execute|call|do|copy)\s+\S/i;

function camelParts(s: string): string[] {
  return s.split(/(?=[A-Z])/);
}

/** Gradle's name matching: each camel-case part of the pattern is a prefix of the candidate's part in order. */
function gradleMatches(pattern: string, name: string): boolean {
  if (pattern.toLowerCase() === name.toLowerCase()) return true;
  const p = camelParts(pattern);
  const n = camelParts(name);
  if (p.length > n.length) return false;
  return p.every((part, i) => part !== '' && n[i].toLowerCase().startsWith(part.toLowerCase()));
}

/** Symfony's abbreviation: as many `:` parts, each a prefix of the command's. */
function consoleMatches(word: string, name: string): boolean {
  const w = word.split(':');
  const n = name.split(':');
  return w.length === n.length && w.every((part, i) => part !== '' && n[i].startsWith(part.toLowerCase()));
}

/** Where a Symfony console's command word is: `bin/console X`, `php bin/console X`, `php artisan X`, `symfony console X`. */
function consoleWords(s: Sub): string[] | undefined {
  const ws = s.words;
  let i = 1;
  if (s.name === 'php') {
    while (i < ws.length && ws[i].value !== null && ws[i].value!.startsWith('-')) i++;
    const script = ws[i]?.value ?? '';
    if (!/(^|\/)(console|artisan)$/.test(script)) return undefined;
    i++;
  } else if (s.name === 'symfony') {
    if (ws[1]?.value !== 'console') return undefined;
    i = 2;
  } else if (s.name !== 'console' && s.name !== 'artisan') return undefined;
  return ws.slice(i).map((w) => w.value ?? '\0');
}

function pluginDrop(s: Sub): string | undefined {
  const n = s.name;
  if (n === null) return undefined;
  const vs = s.words.slice(1).map((w) => w.value);
  if (n === 'mvn' || n === 'mvnw') {
    const g = vs.find((v) => v !== null && !v.startsWith('-') && MAVEN_DROP.test(v));
    return g ? `${n} ${g} drops the database’s objects or rolls its migrations back` : undefined;
  }
  if (n === 'gradle' || n === 'gradlew') {
    for (let i = 0; i < vs.length; i++) {
      const v = vs[i];
      if (v === null) continue;
      if (/^(-x|--exclude-task)$/.test(v)) {
        i++;
        continue;
      }
      if (v.startsWith('-')) continue;
      const task = v.slice(v.lastIndexOf(':') + 1);
      const hit = GRADLE_DROP.find((t) => gradleMatches(task, t));
      if (hit) return `${n} ${v} runs ${hit}, which drops the database’s objects or rolls its migrations back`;
    }
    return undefined;
  }
  if (n === 'sbt') {
    const hit = vs.find((v) => v !== null && /(^|[\s;/])flyway(Clean|Undo)\b/.test(v));
    return hit ? `sbt ${hit} drops the database’s objects` : undefined;
  }
  if (n === 'lein') {
    const j = vs.join(' ');
    return /(^| )(migratus (reset|rollback|down)|ragtime rollback)( |$)/.test(j) ? `lein ${j} rolls the database back` : undefined;
  }
  const words = consoleWords(s);
  if (words === undefined) return undefined;
  const cmd = words.find((w) => !w.startsWith('-'));
  if (cmd === undefined) return undefined;
  if (cmd === '\0') return `${n} runs a console command only known at run time`;
  const hit = CONSOLE_DROP.find((c) => consoleMatches(cmd, c));
  if (hit === undefined) {
    // doctrine:migrations:migrate first|prev|0 and doctrine:migrations:execute --down roll the schema back.
    if (consoleMatches(cmd, 'doctrine:migrations:migrate') && words.some((w) => /^(first|prev|0)$/.test(w)))
      return `${n} doctrine:migrations:migrate to an earlier version rolls the schema back`;
    if (consoleMatches(cmd, 'doctrine:migrations:execute') && words.includes('--down')) return `${n} doctrine:migrations:execute --down rolls a migration back`;
    return undefined;
  }
  if (hit === 'doctrine:fixtures:load' && words.includes('--append')) return undefined;
  return `${n} ${cmd} (${hit}) drops or purges the database or rolls it back`;
}

export const dbPluginRules: Rule[] = [
  {
    id: 'db.plugin-reset',
    names: ['mvn', 'mvnw', 'gradle', 'gradlew', 'sbt', 'lein', 'php', 'console', 'artisan', 'symfony'],
    description:
      'Drops or rolls back a database through a build-tool plugin or a framework console: mvn flyway:clean / liquibase:dropAll, ./gradlew flywayClean / dropAll (camel-case abbreviations included), sbt flywayClean, bin/console doctrine:schema:drop / doctrine:database:drop / doctrine:fixtures:load (d:s:d included), artisan migrate:fr.',
    examples: {
      destructive: [
        'mvn flyway:clean -Dflyway.cleanDisabled=false',
        'mvn org.flywaydb:flyway-maven-plugin:10.0.0:clean',
        './mvnw liquibase:dropAll',
        'mvn liquibase:rollback -Dliquibase.rollbackCount=99',
        './gradlew flywayClean',
        './gradlew fC',
        'gradle :db:flyClean',
        './gradlew dropAll',
        "sbt 'flywayClean'",
        'php bin/console doctrine:schema:drop --force --full-database',
        'bin/console doctrine:database:drop --force',
        'bin/console d:s:d --force',
        'bin/console doctrine:fixtures:load -n',
        'symfony console doctrine:database:drop --force',
        'bin/console doctrine:migrations:migrate first -n',
        'php artisan migrate:fr --force',
        'lein migratus reset',
      ],
      benign: [
        'mvn flyway:info',
        'mvn -q test',
        'mvn liquibase:status',
        './gradlew flywayInfo',
        './gradlew build -x flywayClean',
        './gradlew test',
        'bin/console doctrine:schema:validate',
        'bin/console doctrine:migrations:status',
        'bin/console doctrine:fixtures:load --append',
        'php artisan migrate:status',
        'php bin/console cache:clear',
        'lein test',
      ],
    },
    check: pluginDrop,
  },
  {
    id: 'db.sql-argument',
    names: SQL_SHELLS,
    description:
      'A database shell handed a destructive SQL statement in any of its words, whatever the option carrying it (pgcli -e, usql -c, sqlcmd -Q, mycli --execute=…): a statement is judged as SQL, not by knowing each client’s flags.',
    examples: {
      destructive: [
        "pgcli -e 'DROP TABLE users'",
        "pgcli app --command='TRUNCATE users'",
        "usql pg://localhost/app -c 'DROP DATABASE app'",
        "sqlcmd -S db -Q 'DROP DATABASE app'",
      ],
      benign: ["pgcli -e 'SELECT count(*) FROM users'", 'pgcli app', 'mycli -h localhost app', "usql -c 'select 1' pg://localhost/app"],
    },
    check(s) {
      for (let i = 1; i < s.words.length; i++) {
        const v = s.words[i].value;
        if (v === null) continue;
        const text = v.replace(/^--?[\w-]+=/, '');
        if (!SQL_VERB.test(text)) continue;
        const why = judgeSql(text);
        if (why !== undefined) return `${s.name} runs ${text.slice(0, 60)}: ${why}`;
      }
      return undefined;
    },
  },
];
