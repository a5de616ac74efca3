// Programs that install things which run later, outside the line: kustomize's exec and alpha plugins (programs the
// kustomization names, run at build), global installs of any package manager (deno install -g is npm install -g:
// a command on every project's PATH), Ansible roles and collections put in the user's Ansible folders (their tasks,
// modules and plugins run at the next playbook), a Jupyter kernel spec (its kernel.json argv runs when a notebook
// starts the kernel). Fetching or pulling from a repository on this disk reads every commit it holds, as a local
// clone does: judged by the path rules as a read of that folder (a folder of credentials is refused; any other
// folder outside the workspace is read as outside folders are, and its commits enter the project as a remote's
// do). nbqa runs a known formatter or checker on notebooks (no longer asked: it was a false positive); an unknown
// tool stays asked. Through `agentguard eval` on a real workspace.
import * as fs from 'node:fs';
import { polyglotWorkspace, type Workspace } from './polyglot';
import { checkEval } from './workspace';

const KUSTOMIZATION = 'resources:\n  - deploy.yaml\n';

describe('installs that run later, and repositories fetched from this disk', function () {
  this.timeout(120_000);
  let w: Workspace;
  before(
    () =>
      (w = polyglotWorkspace({
        'k8s/kustomization.yaml': KUSTOMIZATION,
        'k8s/deploy.yaml': 'kind: Deployment\n',
        'overlays/prod/kustomization.yaml': 'resources:\n  - ../../k8s\n',
        'requirements.yml': 'roles:\n  - name: geerlingguy.docker\n',
        'mykernel/kernel.json': '{"argv": ["python3", "-m", "ipykernel_launcher", "-f", "{connection_file}"]}\n',
        'notebook.ipynb': '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n',
        'main.ts': 'console.log(1);\n',
      })),
  );
  after(() => fs.rmSync(w.root, { recursive: true, force: true }));

  it('installs of code that runs later, plugin runs, and fetches of credential folders are not allowed', () => {
    checkEval(w, [
      ['kustomize build --enable-exec k8s', 'not-allow'],
      ['kustomize build --enable-alpha-plugins k8s', 'not-allow'],
      ['kustomize build --enable-alpha-plugins --enable-exec overlays/prod', 'not-allow'],
      ['kustomize build --enable_alpha_plugins k8s', 'not-allow'],
      ['kubectl kustomize --enable-alpha-plugins k8s', 'not-allow'],
      ['kubectl kustomize --enable-exec k8s', 'not-allow'],
      ['kustomize build --load-restrictor LoadRestrictionsNone k8s', 'not-allow'],
      ['kustomize build --load-restrictor=LoadRestrictionsNone k8s', 'not-allow'],
      ['ansible-galaxy install geerlingguy.docker', 'not-allow'],
      ['ansible-galaxy role install geerlingguy.docker', 'not-allow'],
      ['ansible-galaxy collection install community.general', 'not-allow'],
      ['ansible-galaxy install -r requirements.yml', 'not-allow'],
      ['ansible-galaxy install git+https://example.com/x.git', 'not-allow'],
      ['ansible-galaxy install -p /tmp/roles geerlingguy.docker', 'not-allow'],
      ['jupyter kernelspec install ./mykernel', 'not-allow'],
      ['jupyter kernelspec install --user mykernel', 'not-allow'],
      ['jupyter kernelspec install --sys-prefix /tmp/k', 'not-allow'],
      ['jupyter-kernelspec install mykernel', 'not-allow'],
      ['deno install -g npm:cowsay', 'not-allow'],
      ['deno install --global jsr:@std/http/file-server', 'not-allow'],
      ['deno install -g -A -n serve jsr:@std/http/file-server', 'not-allow'],
      ['deno install -gA https://example.com/x.ts', 'not-allow'],
      ['npm install -g cowsay', 'not-allow'],
      ['git fetch ~/.ssh', 'not-allow'],
      ['git pull ~/.gnupg main', 'not-allow'],
      ['git fetch ./secrets', 'not-allow'],
      ['git pull file://$HOME/.aws', 'not-allow'],
      ["nbqa 'rm -rf src' notebook.ipynb", 'not-allow'],
      ['nbqa bash notebook.ipynb', 'not-allow'],
      ['nbqa black .env', 'not-allow'],
    ]);
  });

  it('project-local installs, plain renders, listings and ordinary fetches stay allowed', () => {
    checkEval(w, [
      ['kustomize build k8s', 'allow'],
      ['kustomize build overlays/prod', 'allow'],
      ['kubectl kustomize k8s', 'allow'],
      ['kustomize build --load-restrictor LoadRestrictionsRootOnly k8s', 'allow'],
      ['kustomize build k8s -o out.yaml', 'allow'],
      ['kustomize version', 'allow'],
      ['ansible-galaxy install -p roles geerlingguy.docker', 'allow'],
      ['ansible-galaxy install -r requirements.yml -p ./roles', 'allow'],
      ['ansible-galaxy collection install -p ./collections community.general', 'allow'],
      ['ansible-galaxy list', 'allow'],
      ['ansible-galaxy role list', 'allow'],
      ['ansible-galaxy collection list', 'allow'],
      ['ansible-galaxy role init myrole', 'allow'],
      ['ansible-galaxy role info geerlingguy.docker', 'allow'],
      ['jupyter kernelspec list', 'allow'],
      ['jupyter kernelspec list --json', 'allow'],
      ['jupyter nbconvert --to html notebook.ipynb', 'allow'],
      ['deno install', 'allow'],
      ['deno install npm:lodash', 'allow'],
      ['deno add npm:lodash', 'allow'],
      ['deno cache main.ts', 'allow'],
      ['npm install lodash', 'allow'],
      ['git fetch origin', 'allow'],
      ['git pull origin main', 'allow'],
      ['git pull --rebase', 'allow'],
      ['git fetch --all --prune', 'allow'],
      ['git fetch ../other.git main', 'allow'],
      ['nbqa black notebook.ipynb', 'allow'],
      ['nbqa isort notebook.ipynb --float-to-top', 'allow'],
      ['nbqa flake8 .', 'allow'],
      ['nbqa ruff notebook.ipynb', 'allow'],
      ['nbqa pyupgrade notebook.ipynb --py38-plus', 'allow'],
    ]);
  });
});
