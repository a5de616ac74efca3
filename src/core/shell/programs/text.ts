// Rows: searching, filtering and transforming text and structured data; archives and compressors; editors.
import type { RowSpec } from './spec';

const GREP =
  '-e|--regexp=P -f|--file=R -r|--recursive:rec -R|--dereference-recursive:rec -d|--directories=V -D|--devices=V ' +
  '-iyvwxclLnhHoqsaIEFGPzZUbT --ignore-case --no-ignore-case --invert-match --word-regexp --line-regexp --count --files-with-matches ' +
  '--files-without-match --line-number --no-filename --with-filename --only-matching --quiet --silent --no-messages --text --extended-regexp ' +
  '--fixed-strings --basic-regexp --perl-regexp --null-data --null --binary --byte-offset --initial-tab --line-buffered ' +
  '--color[=V] --colour[=V] -m|--max-count=V -A|--after-context=V -B|--before-context=V -C|--context=V -# --include=P --exclude=P ' +
  '--exclude-dir=P --exclude-from=R --label=V --binary-files=V --group-separator=V --no-group-separator --help --version -V';

const RG =
  '-e|--regexp=P -f|--file=R -g|--glob=P --iglob=P -t|--type=V -T|--type-not=V --type-add=V --type-clear=V -m|--max-count=V ' +
  '-A|--after-context=V -B|--before-context=V -C|--context=V -d|--max-depth|--maxdepth=V -j|--threads=V -E|--encoding=V ' +
  '-M|--max-columns=V -r|--replace=V --color=V --colors=V --sort=V --sortr=V --path-separator=V --max-filesize=V --ignore-file=R ' +
  '--engine=V --dfa-size-limit=V --regex-size-limit=V --context-separator=V --field-match-separator=V --field-context-separator=V ' +
  '--hostname-bin=X --hyperlink-format=V --pre=E --pre-glob=P -z|--search-zip --files:list --type-list:list ' +
  '-iIlLnNoqsSuUvwxzacbhHpF0 --ignore-case --smart-case --case-sensitive --files-with-matches --files-without-match --line-number ' +
  '--no-line-number --only-matching --quiet --no-messages --hidden --no-ignore --no-ignore-vcs --no-ignore-parent --no-ignore-dot ' +
  '--no-ignore-global --no-ignore-exclude --no-ignore-files --unrestricted --invert-match --word-regexp --line-regexp --text --count ' +
  '--count-matches --byte-offset --no-heading --heading --with-filename --no-filename --pretty --fixed-strings --follow --json ' +
  '--vimgrep --multiline --multiline-dotall --stats --trim --column --no-column --null --null-data --one-file-system --passthru ' +
  '--pcre2 --auto-hybrid-regex --crlf --binary --debug --trace --no-config --help --version --line-buffered --block-buffered ' +
  '--max-columns-preview --glob-case-insensitive --include-zero --no-unicode -P';

export const TEXT: RowSpec[] = [
  {
    n: 'grep egrep fgrep rgrep zgrep zegrep zfgrep bzgrep xzgrep',
    d: 'searches files (-r: trees; the first word is the pattern unless -e/-f gave one)',
    o: GREP,
    x: 'grep',
    ok: ['grep -rn "FLUSHALL" src/', 'grep -c "kill -9" README.md', "grep -rn 'rm -rf' scripts/", 'grep .env src/app.ts', 'ps aux | grep node'],
    eff: [
      'grep KEY .env => read .env',
      'grep -r KEY . => read .',
      'grep -rl KEY => read .',
      'grep -e x -- .env => read .env',
      'grep .env src/app.ts => !read .env',
      'grep -f .env src/app.ts => read .env',
    ],
  },
  {
    n: 'rg ripgrep',
    d: 'searches trees (default: the working directory)',
    o: RG,
    x: 'rg',
    ok: ['rg TODO src', 'rg -n "fn main" --type rust src', 'rg --files src'],
    eff: ['rg KEY => read .', 'rg -uu KEY . => read .', 'rg x secrets => read secrets'],
  },
  {
    n: 'ag ack ack-grep pt ugrep',
    d: 'searches trees (default: the working directory)',
    loose: true,
    o: '-G|--file-search-regex=P --ignore=P --ignore-dir=P -A=V -B=V -C=V -m=V --depth=V -g=P --type=V --pager=S --filter=E -l:list -L:list',
    x: 'rg',
    ok: ['ag TODO src'],
    eff: ['ag KEY => read .'],
  },
  {
    n: 'sed gsed',
    d: 'stream editor: -i edits the files; the script may write (w), read (r) or run commands (e)',
    o: '-n|--quiet|--silent -e|--expression=V -f|--file=R -i|--in-place[=V]:inplace -I:inplace -E|-r|--regexp-extended -s|--separate -z|--null-data -u|--unbuffered -l|--line-length=V --posix --debug --sandbox --follow-symlinks -b|--binary --help --version',
    x: 'sed',
    ok: ["sed -n '1,20p' src/app.ts", "sed 's/a/b/' a.txt", "sed -i 's/foo/bar/' src/app.ts", "sed -e 's/x/y/g' -e '/^#/d' a.txt"],
    eff: [
      "sed -i 's/a/b/' .env => write .env",
      "sed -n '1p' .env => read .env",
      "sed -n 'w tests/a.test.ts' x.txt => write tests/a.test.ts",
      "sed 'r .env' a.txt => read .env",
      "sed -i.bak 's/a/b/' tests/a.test.ts => write tests/a.test.ts",
    ],
  },
  {
    n: 'awk gawk mawk nawk busybox-awk',
    d: 'the awk language: files are read; print > writes, system() and | run commands',
    o: '-F|--field-separator=V -v|--assign=V -f|--file=R -e|--source=V -i|--include=X -l|--load=X -b|--characters-as-bytes -c|--traditional -C|--copyright -d|--dump-variables[=W] -D|--debug[=R] -E|--exec=R -g|--gen-pot -h|--help -L|--lint[=V] -M|--bignum -n|--non-decimal-data -N|--use-lc-numeric -o|--pretty-print[=W] -O|--optimize -p|--profile[=W] -P|--posix -r|--re-interval -s|--no-optimize -S|--sandbox -t|--lint-old -V|--version -W=V',
    x: 'awk',
    ok: ["awk '{print $1}' app.log", "awk -F, '{s+=$2} END {print s}' data.csv", 'awk \'BEGIN { system("date") }\'', "awk '$3 > 100 {print}' data.txt"],
    eff: [
      'awk \'{print > "tests/a.test.ts"}\' x => write tests/a.test.ts',
      "gawk -i inplace '{print}' tests/a.test.ts => write tests/a.test.ts",
      "awk --include=inplace '{print}' tests/a.test.ts => write tests/a.test.ts",
      "awk '{print}' .env => read .env",
      'awk \'BEGIN{while((getline l < ".env")>0) print l}\' => read .env',
    ],
  },
  {
    n: 'jq gojq jaq',
    d: 'JSON processor: the filter, then files',
    x: 'jq',
    ok: ["jq -r '.scripts.clean' package.json", 'jq .version package.json', "jq -n --arg v 1 '{v: $v}'"],
    eff: ['jq . .env => read .env', 'jq -n --rawfile x .env 1 => read .env'],
  },
  {
    n: 'yq',
    d: 'YAML processor: -i edits the files in place',
    loose: true,
    o: '-i|--inplace:inplace -o|--output-format=V -p|--input-format=V -I|--indent=V --from-file=R --expression=V -n|--null-input -r|--unwrapKeyQuotes -e|--exit-status -P|--prettyPrint -C|--colors -M|--no-colors -j',
    x: 'yq',
    ok: ["yq '.version' chart/Chart.yaml", 'yq e .a config.yml'],
    eff: ["yq -i '.a = 1' tests/fixture.yml => write tests/fixture.yml", "yq '.a' .env.yml => read .env.yml", 'yq --expression .a .env.yml => read .env.yml'],
  },
  {
    n: 'xq tomlq xmllint xmlstarlet gron fx dasel csvlook csvcut csvgrep csvstat in2csv csvjson',
    d: 'structured data tools',
    loose: true,
    o: '-o|--output=W -i|--inplace:inplace --output-file=W',
    a: 'R*/inplace=A',
    ok: ['xmllint --noout pom.xml', 'gron package.json'],
  },
  {
    n: 'diff colordiff',
    d: 'compares files (-r: trees)',
    loose: true,
    o: '-r|--recursive:rec -x|--exclude=P -X|--exclude-from=R -U|--unified=V -C|--context=V -F|--show-function-line=V -I|--ignore-matching-lines=V -L|--label=V -W|--width=V --from-file=R --to-file=R --color[=V] --palette=V -S|--starting-file=V --horizon-lines=V --line-format=V --changed-group-format=V --new-group-format=V --old-group-format=V --unchanged-group-format=V --tabsize=V -D|--ifdef=V',
    a: 'R*',
    ok: ['diff a.txt b.txt', 'diff -u src/app.ts src/app.backup.ts', 'diff -r src /tmp/src-copy'],
    eff: ['diff .env .env.example => read .env', 'diff -r secrets /tmp/x => read secrets'],
  },
  { n: 'cmp', d: 'compares two files byte by byte', loose: true, o: '-i|--ignore-initial=V -n|--bytes=V', a: 'R R V*', ok: ['cmp a.txt b.txt'] },
  { n: 'sdiff diff3', d: 'compares files', loose: true, o: '-o|--output=W', a: 'R*', ok: ['diff3 a.txt b.txt c.txt'] },
  {
    n: 'patch',
    d: 'applies a diff to files',
    loose: true,
    o: '-i|--input=R -o|--output=W -d|--directory=C -p|--strip=V -B|--prefix=V -r|--reject-file=W -D|--ifdef=V -z|--suffix=V -F|--fuzz=V --dry-run:dry -R|--reverse -N -E -s -f -t -b -u -c -n -e -l',
    x: 'patch',
    ok: ['patch --dry-run -p1 < fix.patch'],
  },
  {
    n: 'dos2unix unix2dos mac2unix unix2mac',
    d: 'converts line endings in place (-n IN OUT writes OUT)',
    o: '-n|--newfile:new -o|--oldfile -q|--quiet -k|--keepdate -f|--force -b|--keep-bom -r|--remove-bom -m|--add-bom -c|--convmode=V -l|--newline -s|--safe -F|--follow-symlink -R|--replace-symlink -S|--skip-symlink -i|--info[=V] -e|--add-eol -h|--help -V|--version',
    a: 'A*/new=?',
    x: 'dos2unix',
    ok: ['dos2unix -q scripts/build.sh'],
    eff: [
      'dos2unix tests/a.test.ts => write tests/a.test.ts',
      'dos2unix -n README.md tests/a.test.ts => write tests/a.test.ts',
      'dos2unix -n README.md tests/a.test.ts => read README.md',
      'dos2unix -n a.txt b.txt -o c.txt => write c.txt',
      'unix2dos --newfile a.txt b.txt => write b.txt',
    ],
  },
  {
    n: 'sponge',
    d: 'soaks up its input, then writes the file (-a appends)',
    o: '-a:append',
    a: 'W/append=A',
    ok: ['sort ids.txt | sponge /tmp/ids.txt'],
    eff: ['jq . x.json | sponge tests/a.json => write tests/a.json'],
  },
  {
    n: 'bat batcat',
    d: 'prints files with syntax highlighting',
    loose: true,
    // Display switches (plain, numbers, show-all, no paging, diff marks): they touch no file.
    o: '-l|--language=V -H|--highlight-line=V -r|--line-range=V --style=V --theme=V --tabs=V --terminal-width=V --paging=V --pager=S --wrap=V --file-name=V -m|--map-syntax=V --color=V -p|--plain -n|--number -A|--show-all -P -d|--diff -f|--force-colorization -u|--unbuffered -s|--squeeze-blank -L|--list-languages --list-themes',
    a: 'R*',
    ok: ['bat src/app.ts', 'bat --plain tests/a.test.ts', 'bat -pn tests/a.test.ts', 'bat -A src/app.ts'],
    eff: ['bat .env => read .env', 'bat --plain .env => read .env'],
  },
  { n: 'delta diff-so-fancy', d: 'formats diffs from its input', loose: true, a: 'R*', ok: ['git diff | delta'] },
  {
    n: 'pv',
    d: 'shows progress of data through a pipe',
    loose: true,
    o: '-s|--size=V -L|--rate-limit=V -N|--name=V -i|--interval=V -B|--buffer-size=V -d|--watchfd=V',
    a: 'R*',
    ok: ['pv big.csv | wc -l'],
  },
  {
    n: 'pandoc',
    d: 'converts documents',
    loose: true,
    o: '-o|--output=W -f|--from=V -t|--to=V -s|--standalone --template=R --metadata-file=R -F|--filter=X -L|--lua-filter=X -H|--include-in-header=R -B|--include-before-body=R -A|--include-after-body=R --resource-path=V --data-dir=V -d|--defaults=R --css=V --reference-doc=R',
    a: 'R*',
    ok: ['pandoc README.md -o /tmp/readme.html'],
    eff: ['pandoc .env -o /tmp/x.html => read .env'],
  },
  // ---- archives and compressors ----
  {
    n: 'tar gtar bsdtar',
    d: 'archives: -c reads members and writes the archive, -x writes what the archive holds',
    loose: true,
    o:
      '-c|--create:create -x|--extract|--get:extract -t|--list:list -r|--append:append -u|--update:append -A|--catenate|--concatenate:append --delete:delete -d|--diff|--compare:diff ' +
      '-f|--file=V -C|--directory=V -T|--files-from=L -X|--exclude-from=R --exclude=P --exclude-vcs --exclude-caches -P|--absolute-names:abs ' +
      '--remove-files:remove -O|--to-stdout:stdout -k|--keep-old-files:keep --skip-old-files:keep --overwrite --overwrite-dir --keep-newer-files ' +
      '--to-command=S --checkpoint[=V] --checkpoint-action=V -I|--use-compress-program=S -F|--info-script|--new-volume-script=S --rsh-command=S --rmt-command=S ' +
      '-g|--listed-incremental=A -b|--blocking-factor=V -N|--newer|--after-date=V -V|--label=V -H|--format=V -K|--starting-file=V -L|--tape-length=V ' +
      '--owner=V --group=V --mode=V --mtime=V --sort=V --transform|--xform=V --strip-components=V --wildcards:wildcards --no-wildcards --anchored ' +
      '--warning=V --index-file=W --totals[=V] --null --no-null --numeric-owner --same-owner --no-same-owner --no-same-permissions --atime-preserve[=V] ' +
      '-h|--dereference:deref -zjJavpSWlMGmBiwoUnRs --gzip --gunzip --bzip2 --xz --lzma --zstd --lzip --lzop --auto-compress --verbose --preserve-permissions --same-permissions ' +
      '--sparse --verify --interactive --confirmation --one-file-system --check-links --multi-volume --ignore-zeros --unlink-first ' +
      '--recursive --no-recursion --show-transformed-names --force-local --help --version --usage --verbatim-files-from --ignore-failed-read ' +
      '--occurrence[=V] --hole-detection=V --acls --xattrs --selinux --no-acls --no-xattrs --restrict --full-time --utc --quoting-style=V',
    x: 'tar',
    ok: ['tar -czf /tmp/src.tgz src/', 'tar -tzf /tmp/archive.tar.gz', 'tar -xzf release.tar.gz -C /tmp/', 'tar cf - src | wc -c'],
    eff: [
      'tar -cf - .env => read .env',
      'tar cf package.json src => write package.json',
      'tar -xf x.tar -C tests => write tests',
      'tar --remove-files -cf /tmp/x.tar src => delete src',
      'tar -czf /tmp/x.tgz -T /tmp/list => read /tmp/list',
      'tar -xf /tmp/a.tar README.md => write README.md',
      "tar -xf /tmp/a.tar --wildcards '*.ts' => write .",
      'tar -xf /tmp/a.tar --strip-components=1 x/README.md => write .',
    ],
  },
  {
    n: 'zip',
    d: 'makes or updates a zip archive (-m moves the files into it)',
    o: '-r|--recurse-paths:rec -R:rec -m|--move:move -d|--delete:delete -u|--update -f|--freshen -g|--grow -j|--junk-paths -q|--quiet -v|--verbose -T|--test -TT|--unzip-command=S -x|--exclude=P -i|--include=P -0123456789 -e|--encrypt -P|--password=V -O|--output-file=W:out -b|--temp-path=V -n|--suffixes=V -t|--from-date=V -tt=V -y|--symlinks -D|--no-dir-entries -X|--no-extra -o|--latest-time -k -l -ll -A -F -FF -z|--archive-comment -c|--entry-comments -@|--names-stdin:stdin -h|--help -s|--split-size=V -sp -sb -sv -sf -su -sU -so -sc -sd -ws -db -dc -dd -dg -dv -ds=V -MM -nw -lf=W -la -li -L -S -V -cd=V',
    x: 'zip',
    ok: ['zip -r /tmp/src.zip src', 'zip /tmp/notes.zip notes.tmp'],
    eff: ['zip /tmp/x.zip .env => read .env', 'zip -r /tmp/x.zip secrets => read secrets', 'zip -m /tmp/x.zip tests/a.test.ts => delete tests/a.test.ts'],
  },
  {
    n: 'unzip',
    d: 'extracts a zip archive (into -d DIR or here)',
    o: '-d=V -o:overwrite -n -q -qq -j -C -L -X -a -aa -b -K -M -U -UU -V -W -D -T -s -u -f -l:listonly -t:listonly -v:listonly -z:listonly -Z:listonly -p:stdout -c:stdout -P=V -x=P',
    x: 'unzip',
    ok: ['unzip -l archive.zip', 'unzip -q archive.zip -d /tmp/out'],
    eff: ['unzip x.zip -d tests => write tests', 'unzip .env.zip -d /tmp => read .env.zip'],
  },
  {
    n: 'gzip gunzip pigz bzip2 bunzip2 pbzip2 xz unxz lzma unlzma zstd unzstd lz4 unlz4 compress uncompress brotli lzip zcat gzcat bzcat xzcat zstdcat lz4cat',
    d: 'compressors: FILE becomes FILE.gz (the input is removed unless -k or -c)',
    loose: true,
    o: '-c|--stdout|--to-stdout:stdout -d|--decompress|--uncompress:decompress -k|--keep:keep -f|--force:force -r|--recursive:rec -t|--test:test -l|--list:list -S|--suffix=V -o=W -T|--threads=V -b=V -p|--processes=V --rm:rm -j:rm -N|--name:name -n|--no-name',
    x: 'gzip',
    ok: ['gzip -k /tmp/x.log', 'gunzip -c /tmp/x.gz | head', 'zcat /tmp/x.gz'],
    eff: ['gzip tests/a.test.ts => delete tests/a.test.ts', 'gzip -c .env => read .env', 'gzip notes.tmp => write notes.tmp.gz'],
  },
  { n: '7z 7za 7zr', d: '7-Zip archives (x/e extract, a adds)', x: 'sevenzip', loose: true, ok: ['7z l /tmp/x.7z'], eff: ['7z a /tmp/x.7z .env => read .env'] },
  {
    n: 'cpio',
    d: 'cpio archives: -t lists, -i extracts (into -D DIR or here), -o/-p copy the files named on the input',
    o: '-t|--list:list -i|--extract:extract -o|--create:create -p|--pass-through:pass -D|--directory=V -F|--file=V -I=V -O=V -E|--pattern-file=R -H|--format=V -R|--owner=V -M|--message=V -C|--io-size=V --to-stdout:stdout -u|--unconditional:overwrite -d|--make-directories -m|--preserve-modification-time -v|--verbose -V|--dot -n|--numeric-uid-gid -r|--rename -f|--nonmatching -a|--reset-access-time -l|--link -L|--dereference -0|--null -b -B -c -s -S --no-absolute-filenames --absolute-filenames --quiet --only-verify-crc --sparse --no-preserve-owner --block-size=V --help --version',
    x: 'cpio',
    ok: ['cpio -t < /tmp/x.cpio', 'cpio -itv -F /tmp/x.cpio', 'cpio -idm -D /tmp/out < /tmp/x.cpio'],
    eff: ['cpio -idmu -D tests < /tmp/x.cpio => write tests', 'cpio -i -F .env.cpio --to-stdout => read .env.cpio'],
  },
  // ---- editors ----
  {
    n: 'vim vi nvim view ex vimdiff gvim',
    d: 'editors: the files they open may be written; -c/+cmd run editor commands (`:!cmd` runs a shell command)',
    loose: true,
    o: '-c=V -S=R -u=R -i=V -s=R -w=W -W=W -t=V -q=R -T=V -N -n -R:readonly -M:readonly -e -E -s -b -l -d -O -o -p -y -Z -x -X -V[=V] --cmd=V --noplugin --clean --headless --not-a-term --startuptime=W',
    x: 'vim',
    ok: ['vim -R README.md', 'view src/app.ts'],
    eff: ["vim -c ':%d|wq' tests/a.test.ts => write tests/a.test.ts", 'vim .env => write .env'],
  },
  {
    n: 'nano pico micro joe mcedit kak helix hx',
    d: 'editors: the files they open may be written',
    loose: true,
    a: 'A*',
    ok: ['nano notes.tmp'],
    eff: ['nano .env => write .env'],
  },
  {
    n: 'ed red',
    d: 'the line editor: the file may be written; `!cmd` runs a shell command',
    loose: true,
    o: '-p=V -s -G -l -r -v -E',
    x: 'ed',
    eff: ['printf ",d\\nw\\n" | ed -s tests/a.test.ts => write tests/a.test.ts'],
  },
  {
    n: 'emacs emacsclient',
    d: 'emacs: --batch/--eval run Lisp the guard does not read',
    loose: true,
    // emacsclient's -e|--eval is Lisp run in the server (emacs has no -e).
    o: '-e|--eval=V -l|--load=X -L|--directory=V -f|--funcall=V --batch:batch -Q -q -nw --script=X -x=X --chdir=C',
    x: 'emacs',
    ok: [
      'emacs -nw README.md',
      'emacs --batch -l ert -l tests/foo-test.el -f ert-run-tests-batch-and-exit',
      'emacs -Q --batch -L . -l ert -f ert-run-tests-batch-and-exit',
    ],
  },
  {
    n: 'code code-insiders codium cursor windsurf subl mate zed idea',
    d: 'opens files in an editor (extension changes are the rules’ business)',
    loose: true,
    // Extensions and user settings (tasks, terminal profiles) from another folder are code the editor runs.
    o: '--diff --goto -g=V --user-data-dir=X --extensions-dir=X --locale=V --profile=V',
    a: 'M*',
    x: 'editor-open',
    ok: ['code src/app.ts', 'code --diff a.ts b.ts', 'code -r .'],
  },
];
