// @ts-check
// The panel's undo, browser side: "Revert" on a call's detail view, "Revert session" in the header, the
// revert plan a person reviews (what would be put back or removed, conflicts decided file by file with a
// diff, what cannot be reverted and why), and the changes no guarded call made, shown apart from the
// agents'. It owns no data and decides nothing: the host (src/vscode/panel/undo.ts) makes the plan, checks
// every choice against it and asks for confirmation before anything is written. Text from the plan (paths,
// reasons) is rendered with textContent only.
(function () {
  'use strict';
  // @ts-ignore set by media/panel.js, which loads first
  const P = window.agentguardPanel;
  const vscode = P.vscode;
  /** @type {(tag: string, cls?: string, text?: string) => HTMLElement} */
  const el = P.el;

  const pane = /** @type {HTMLElement} */ (document.querySelector('.pane.log'));
  const box = el('div', 'detail undo');
  box.id = 'undo';
  box.hidden = true;
  box.tabIndex = -1;
  box.setAttribute('aria-label', 'Revert');
  pane.appendChild(box);

  const sessionBtn = el('button', 'secondary', 'Revert session');
  sessionBtn.id = 'revertSession';
  sessionBtn.title = 'Take the workspace back to how it was when the session began (you review every file first)';
  const newSession = document.getElementById('newSession');
  if (newSession && newSession.parentElement) newSession.parentElement.insertBefore(sessionBtn, newSession);
  sessionBtn.addEventListener('click', () => {
    busy('Preparing the session revert…');
    vscode.postMessage({ type: 'revertSession' });
  });

  /** @type {any} the plan shown now */
  let plan;

  /** @param {string} text */
  function busy(text) {
    plan = undefined;
    box.replaceChildren(el('div', 'muted', text));
    box.hidden = false;
  }

  function close() {
    if (plan) vscode.postMessage({ type: 'revertCancel', token: plan.token });
    plan = undefined;
    box.hidden = true;
    box.replaceChildren();
  }

  /** @param {string} title */
  function head(title) {
    const h = el('div', 'detail-head');
    h.appendChild(el('span', 'strong', title));
    h.appendChild(el('span', 'spacer'));
    const x = el('button', 'secondary small', 'Close');
    x.addEventListener('click', close);
    h.appendChild(x);
    return h;
  }

  /**
   * The undo part of a record's detail view.
   * @param {any} info {revertible, files, text} from the host, or null
   * @param {number} at the record's offset (the host's own id for it)
   * @param {HTMLElement} container the detail view
   */
  function detail(info, at, container) {
    if (!info) return;
    const sec = el('div', 'undo-detail');
    sec.appendChild(el('span', 'muted', String(info.text || '')));
    if (info.revertible) {
      const b = el('button', 'small', 'Revert');
      b.id = 'revertCall';
      b.title = 'Review what reverting this call would restore, then confirm';
      b.addEventListener('click', () => {
        busy('Preparing the revert…');
        vscode.postMessage({ type: 'revertPlan', at });
      });
      sec.appendChild(b);
    }
    container.insertBefore(sec, container.children[1] || null);
  }

  const MARK = { ready: '✓', conflict: '!', unrevertible: '✗' };

  /** @param {any} m */
  function renderPlan(m) {
    plan = m;
    box.replaceChildren(head(String(m.title)));
    const c = m.counts;
    box.appendChild(
      el(
        'div',
        'muted undo-summary',
        `${c.ready} to put back · ${c.conflict} changed since (your choice) · ${c.unrevertible} cannot be reverted` +
          (m.more ? ` · ${m.more} more not listed` : ''),
      ),
    );
    const list = el('div', 'undo-list');
    list.setAttribute('role', 'list');
    for (const it of m.items) {
      const row = el('div', `undo-item s-${it.status}`);
      row.setAttribute('role', 'listitem');
      row.dataset.path = String(it.path);
      row.dataset.status = String(it.status);
      row.dataset.section = 'revert';
      const mark = el('span', 'mark', MARK[/** @type {'ready'} */ (it.status)] || '?');
      mark.title = it.status;
      row.appendChild(mark);
      const name = el('span', 'name', String(it.path));
      name.title = String(it.path);
      row.appendChild(name);
      row.appendChild(el('span', 'muted what', it.status === 'ready' ? String(it.action) : String(it.reason || it.action)));
      if (it.status === 'conflict') {
        const d = el('button', 'small secondary', 'Diff');
        d.dataset.action = 'revertDiff';
        d.title = 'Compare what the revert would put back with the file as it is now';
        d.addEventListener('click', () => vscode.postMessage({ type: 'revertDiff', token: m.token, path: it.path }));
        row.appendChild(d);
        const label = el('label', 'take');
        const cb = /** @type {HTMLInputElement} */ (el('input'));
        cb.type = 'checkbox';
        cb.dataset.take = String(it.path);
        cb.addEventListener('change', count);
        label.appendChild(cb);
        label.appendChild(el('span', '', 'overwrite with the earlier content'));
        row.appendChild(label);
      }
      list.appendChild(row);
    }
    box.appendChild(list);
    const foot = el('div', 'undo-foot');
    const go = /** @type {HTMLButtonElement} */ (el('button', '', 'Revert'));
    go.id = 'revertApply';
    go.addEventListener('click', () => {
      const take = [...box.querySelectorAll('input[data-take]')]
        .filter((x) => /** @type {HTMLInputElement} */ (x).checked)
        .map((x) => /** @type {HTMLElement} */ (x).dataset.take);
      vscode.postMessage({ type: 'revertApply', token: m.token, take });
    });
    foot.appendChild(go);
    const cancel = el('button', 'secondary', 'Cancel');
    cancel.id = 'revertCancel';
    cancel.addEventListener('click', close);
    foot.appendChild(cancel);
    box.appendChild(foot);
    box.hidden = false;
    count();
    box.focus();
  }

  /** The apply button says how many paths it would touch. */
  function count() {
    if (!plan) return;
    const go = /** @type {HTMLButtonElement | null} */ (box.querySelector('#revertApply'));
    if (!go) return;
    const taken = [...box.querySelectorAll('input[data-take]')].filter((x) => /** @type {HTMLInputElement} */ (x).checked).length;
    const n = plan.counts.ready + taken;
    go.textContent = `Revert ${n} path${n === 1 ? '' : 's'}`;
    go.disabled = n === 0;
  }

  /** @param {any} m */
  function renderDone(m) {
    plan = undefined;
    box.replaceChildren(head('Reverted'));
    const line = el('div', 'undo-result');
    line.id = 'revertResult';
    line.textContent = `${m.restored} put back, ${m.removed} removed, ${m.skipped.length} left as they are, ${m.failed.length} failed.`;
    box.appendChild(line);
    box.appendChild(el('div', 'muted', 'The revert is in the audit log as your action, and can itself be reverted from its row.'));
    /**
     * @param {string} title
     * @param {{path: string, why: string}[]} xs
     * @param {string} cls
     */
    const list = (title, xs, cls) => {
      if (!xs.length) return;
      box.appendChild(el('div', 'section', title));
      const l = el('div', 'undo-list');
      for (const x of xs) {
        const r = el('div', `undo-item ${cls}`);
        r.dataset.path = String(x.path);
        r.dataset.status = cls;
        r.appendChild(el('span', 'name', String(x.path)));
        r.appendChild(el('span', 'muted what', String(x.why)));
        l.appendChild(r);
      }
      box.appendChild(l);
    };
    list('Failed', m.failed, 's-failed');
    list('Left as they are', m.skipped, 's-skipped');
    box.hidden = false;
  }

  /**
   * Changes no guarded call made (the person, or an agent running without AgentGuard's hooks), apart from
   * the agents' changes in the diff pane.
   * @param {any[]} entries
   */
  function unattributed(entries) {
    let sec = document.getElementById('unattributed');
    if (!sec) {
      sec = el('div', 'tree unattributed');
      sec.id = 'unattributed';
      sec.setAttribute('role', 'tree');
      sec.setAttribute('aria-label', 'Changes no guarded call made');
      const body = document.getElementById('diffBody');
      const empty = document.getElementById('diffEmpty');
      if (body) body.insertBefore(sec, empty);
    }
    sec.replaceChildren();
    if (!entries.length) return;
    const h = el('div', 'section', `Not made by a guarded call (${entries.length})`);
    h.title = 'Changes AgentGuard saw with no audited call in flight: your own edits, or an agent or tool that does not go through AgentGuard';
    sec.appendChild(h);
    for (const e of [...entries].sort((a, b) => (a.path < b.path ? -1 : 1))) {
      const r = el('div', `node file k-${e.kind}`);
      r.setAttribute('role', 'treeitem');
      r.dataset.path = e.path;
      r.dataset.section = 'unattributed';
      r.style.paddingLeft = '18px';
      const letter = el('span', 'kind', { added: 'A', modified: 'M', deleted: 'D' }[/** @type {'added'} */ (e.kind)] || '?');
      letter.title = e.kind;
      r.appendChild(letter);
      const name = el('span', 'name', e.path);
      name.title = `${e.path}\nnot made by any guarded call`;
      r.appendChild(name);
      r.appendChild(el('span', 'muted meta', P.metaText(e)));
      P.actionButtons(e, r);
      sec.appendChild(r);
    }
  }

  window.addEventListener('message', (ev) => {
    const m = ev.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'revertPlan') renderPlan(m);
    else if (m.type === 'revertDone') renderDone(m);
    else if (m.type === 'revertError') {
      plan = undefined;
      box.replaceChildren(head('Revert'), el('div', 'muted', String(m.text)));
      box.hidden = false;
    }
  });

  // @ts-ignore our own property on window, read by media/panel.js
  window.agentguardUndo = { detail, unattributed };
})();
