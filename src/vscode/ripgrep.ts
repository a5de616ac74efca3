// Where to find ripgrep: the copy bundled with VS Code (its layout changed across versions), else PATH.
import * as fs from 'node:fs';
import * as path from 'node:path';

function executable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

export function findRipgrep(appRoot: string | undefined): string | undefined {
  const exe = process.platform === 'win32' ? 'rg.exe' : 'rg';
  const arch = `${process.platform}-${process.arch}`;
  const bundled = appRoot
    ? [
        path.join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', exe),
        path.join(appRoot, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', exe),
        path.join(appRoot, 'node_modules', '@vscode', 'ripgrep-universal', 'bin', arch, exe),
        path.join(appRoot, 'node_modules.asar.unpacked', '@vscode', 'ripgrep-universal', 'bin', arch, exe),
      ]
    : [];
  for (const c of bundled) if (executable(c)) return c;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, exe))) return path.join(dir, exe);
  }
  return undefined;
}
