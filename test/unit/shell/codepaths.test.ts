// Inline programs that write or delete files by literal name: those files become path effects (codepaths.ts),
// so the path rules judge them as they judge the file tools.
import assert from 'node:assert/strict';
import { codePaths } from '../../../src/core/shell/codepaths';
import { analyzeCommand } from '../../../src/core/shell/index';

const env = { cwd: '/home/dev/project', workspace: '/home/dev/project', home: '/home/dev' };

const paths = (code: string) => codePaths(code).map((p) => `${p.op} ${p.path}`);

describe('inline program path effects (codePaths)', () => {
  it('Python: open() with a writing mode, pathlib, os.remove, shutil', () => {
    assert.deepEqual(paths("open('.agentguard.yaml','w').write('x')"), ['write .agentguard.yaml']);
    assert.deepEqual(paths('open("tests/a.test.ts", "a")'), ['write tests/a.test.ts']);
    assert.deepEqual(paths("with open('out.bin', 'wb') as f: f.write(b'')"), ['write out.bin']);
    assert.deepEqual(paths("from pathlib import Path; Path('.env').write_text('A=1')"), ['write .env']);
    assert.deepEqual(paths("import os; os.remove('src/app.ts')"), ['delete src/app.ts']);
    assert.deepEqual(paths("import shutil; shutil.rmtree('tests')"), ['delete tests']);
    assert.deepEqual(paths("shutil.copy('x.yaml', '.agentguard.yaml')"), ['write .agentguard.yaml']);
  });
  it('Node, Deno, Bun: fs writes and removals', () => {
    assert.deepEqual(paths("require('fs').writeFileSync('tests/a.test.ts', '')"), ['write tests/a.test.ts']);
    assert.deepEqual(paths('fs.appendFileSync(`.env`, "X=1")'), ['write .env']);
    assert.deepEqual(paths("require('fs').rmSync('build', {recursive: true})"), ['delete build']);
    assert.deepEqual(paths("await Deno.writeTextFile('a.txt', 'x')"), ['write a.txt']);
    assert.deepEqual(paths("await Bun.write('b.txt', 'x')"), ['write b.txt']);
  });
  it('Ruby, PHP, Perl', () => {
    assert.deepEqual(paths("File.write('.env', 'A=1')"), ['write .env']);
    assert.deepEqual(paths("File.open('c.txt', 'w') { |f| f.puts 1 }"), ['write c.txt']);
    assert.deepEqual(paths("FileUtils.rm_rf('tests')"), ['delete tests']);
    assert.deepEqual(paths("file_put_contents('d.txt', 'x');"), ['write d.txt']);
    assert.deepEqual(paths("open(F, '>e.txt'); print F 1"), ['write e.txt']);
    assert.deepEqual(paths("open(my $f, '>>', 'f.log')"), ['write f.log']);
    assert.deepEqual(paths("unlink 'g.txt'"), ['delete g.txt']);
  });
  it('reads, computed paths and interpolated strings are not effects here', () => {
    assert.deepEqual(paths("print(open('package.json').read())"), []);
    assert.deepEqual(paths("open('data.json', 'r')"), []);
    assert.deepEqual(paths("console.log(require('./package.json').version)"), []);
    assert.deepEqual(paths('open(os.environ["F"], "w")'), []);
    assert.deepEqual(paths('fs.writeFileSync(`${dir}/x`, "")'), []);
    assert.deepEqual(paths('File.write("#{dir}/x", "")'), []);
  });
  it("become the command's path effects (-c, -e, a here-doc to the interpreter), resolved against its cwd", () => {
    const eff = (line: string) => analyzeCommand(line, env).paths.map((p) => `${p.op} ${p.path}`);
    assert.deepEqual(eff(`python3 -c "open('.agentguard.yaml','w').write('x')"`), ['write /home/dev/project/.agentguard.yaml']);
    assert.deepEqual(eff(`cd tests && node -e "require('fs').rmSync('a.test.ts')"`), ['delete /home/dev/project/tests/a.test.ts']);
    assert.deepEqual(eff("ruby <<'RB'\nFile.write('.env', 'A=1')\nRB"), ['write /home/dev/project/.env']);
    // Reads by literal name are effects too (the code reader, programs/code.ts): `.env` is refused as a read.
    assert.deepEqual(eff(`python3 -c "print(open('README.md').read())"`), ['read /home/dev/project/README.md']);
    assert.deepEqual(eff(`node -e "console.log(require('fs').readFileSync('.env','utf8'))"`), ['read /home/dev/project/.env']);
  });
});
