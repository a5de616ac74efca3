// @ts-check
// The AgentGuard panel's browser side. It owns no data: the host sends pages of audit rows and the
// workspace diff; this file draws them and sends back requests. Everything an agent wrote (paths, commands,
// rules, reasons) is rendered with textContent only — never innerHTML — so a file named
// "<img src=x onerror=…>" stays a file name.
(function () {
  'use strict';
  // @ts-ignore acquireVsCodeApi is provided by the webview host
  const vscode = acquireVsCodeApi();
  // Shared with media/undo.js (revert, unattributed changes), which loads after this file.
  // @ts-ignore a property of our own on window
  window.agentguardPanel = { vscode, el, actionButtons, metaText, report };

  const ROW_H = 22; // px, fixed: the list is virtualised by arithmetic on this
  const PAGE = 200; // rows per request
  const OVERSCAN = 10;

  /** @param {string} id */
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  /**
   * @param {string} tag
   * @param {string} [cls]
   * @param {string} [text]
   */
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  const viewport = $('viewport');
  const spacer = $('spacer');
  const rowsEl = $('rows');
  const detailEl = $('detail');
  const banner = $('banner');
  const fDecision = /** @type {HTMLSelectElement} */ ($('fDecision'));
  const fTool = /** @type {HTMLSelectElement} */ ($('fTool'));
  const fAgent = /** @type {HTMLSelectElement} */ ($('fAgent'));
  const fText = /** @type {HTMLInputElement} */ ($('fText'));
  const fRisk = /** @type {HTMLSelectElement} */ ($('fRisk'));
  const folderSel = /** @type {HTMLSelectElement} */ ($('folder'));

  const state = {
    total: 0,
    /** @type {Map<number, any>} view position -> row */
    cache: new Map(),
    /** @type {Set<number>} page starts requested and not answered */
    pending: new Set(),
    seq: 0,
    /** the request generation the cached rows belong to (new records keep the old rows shown until the answer) */
    cacheSeq: 0,
    selected: -1,
    more: 0,
    /** @type {any[]} */
    diff: [],
    /** @type {Set<string>} collapsed folders */
    collapsed: new Set(),
    treeFocus: 0,
    /** true from a folder's init until the host first describes its log: rows before that would be the oldest, not the newest */
    loading: true,
    /** true while the host shows the newest records read from the end of the log and reads the rest behind */
    partial: false,
    /** the request generation whose shift (newer records on top) was already followed */
    shiftSeq: -1,
    /** @type {string[]} only these calls (by id), when a command opened the panel on them; no control of its own */
    calls: [],
  };

  // The webview is torn down while hidden (behind the diff editor, say): filters, scroll and folds survive
  // through the webview state API instead of retainContextWhenHidden (which keeps the whole page in memory).
  const saved = vscode.getState() || {};
  if (saved.filter) {
    fDecision.value = saved.filter.decision || '';
    fText.value = saved.filter.text || '';
    fRisk.value = saved.filter.risk || '';
    if (Array.isArray(saved.filter.calls)) state.calls = saved.filter.calls.filter((/** @type {unknown} */ c) => typeof c === 'string').slice(0, 1000);
  }
  renderFilter();
  if (Array.isArray(saved.collapsed)) for (const c of saved.collapsed) if (typeof c === 'string') state.collapsed.add(c);
  let restoreScroll = typeof saved.scrollTop === 'number' ? saved.scrollTop : 0;
  let saveTimer = 0;
  function save() {
    if (saveTimer) return;
    saveTimer = window.setTimeout(() => {
      saveTimer = 0;
      vscode.setState({ filter: filter(), scrollTop: viewport.scrollTop, collapsed: [...state.collapsed] });
    }, 200);
  }

  function filter() {
    return {
      decision: fDecision.value,
      tool: fTool.value,
      agent: fAgent.value,
      text: fText.value.slice(0, 500),
      risk: fRisk.value,
      ...(state.calls.length ? { calls: state.calls } : {}),
    };
  }

  /** The filter in words, '' when nothing narrows the view. */
  function filterText() {
    const parts = [];
    if (state.calls.length) parts.push(`${state.calls.length} selected call${state.calls.length === 1 ? '' : 's'}`);
    if (fDecision.value) parts.push(`decision ${fDecision.value}`);
    if (fAgent.value) parts.push(`agent ${fAgent.value}`);
    if (fTool.value) parts.push(`tool ${fTool.value}`);
    if (fRisk.value) parts.push(`${fRisk.value} risk`);
    if (fText.value) parts.push(`text "${fText.value.slice(0, 100)}"`);
    return parts.length ? `Filtered: ${parts.join(' · ')}` : '';
  }

  function renderFilter() {
    const t = filterText();
    $('activeFilterText').textContent = t;
    $('activeFilterText').title = state.calls.length ? `calls: ${state.calls.join(', ')}` : t;
    $('activeFilter').hidden = !t;
  }

  /**
   * A filter the host sent (a command opened the panel on some calls): it replaces every control. An agent or
   * tool the lists do not hold yet gets its own option, so the filter shows before the full read lists them.
   * @param {any} f
   */
  function applyFilter(f) {
    /**
     * @param {HTMLSelectElement} sel
     * @param {unknown} v
     */
    const set = (sel, v) => {
      const value = typeof v === 'string' ? v : '';
      if (value && ![...sel.options].some((o) => o.value === value)) {
        const o = /** @type {HTMLOptionElement} */ (el('option', '', value));
        o.value = value;
        sel.appendChild(o);
      }
      sel.value = value;
    };
    set(fDecision, f.decision);
    set(fTool, f.tool);
    set(fAgent, f.agent);
    set(fRisk, f.risk);
    fText.value = typeof f.text === 'string' ? f.text : '';
    state.calls = Array.isArray(f.calls) ? f.calls.filter((/** @type {unknown} */ c) => typeof c === 'string') : [];
    // The host's filter wins over one restored from the page's saved state.
    saved.filter = undefined;
    viewport.scrollTop = 0;
    restoreScroll = 0;
    renderFilter();
  }

  function clearFilter() {
    applyFilter({});
    resetRows();
    save();
  }

  // ---- audit log: virtualised list -------------------------------------------------------------

  /** A new view (filter changed): forget the rows at once. */
  function resetRows() {
    state.seq++;
    state.cacheSeq = state.seq;
    state.cache.clear();
    state.pending.clear();
    state.selected = -1;
    requestVisible();
  }

  /** New records: ask again for the visible window, keeping the current rows on screen until it arrives. */
  function refreshRows() {
    state.seq++;
    state.pending.clear();
    requestVisible();
  }

  function visibleRange() {
    const first = Math.max(0, Math.floor(viewport.scrollTop / ROW_H) - OVERSCAN);
    const count = Math.ceil(viewport.clientHeight / ROW_H) + 2 * OVERSCAN;
    return { first, last: Math.min(state.total, first + count) };
  }

  function requestVisible() {
    if (state.loading) return;
    const { first, last } = visibleRange();
    const pages = new Set([Math.floor(first / PAGE) * PAGE]);
    for (let p = Math.floor(first / PAGE) * PAGE; p < Math.max(last, first + 1); p += PAGE) pages.add(p);
    for (const start of pages) {
      let missing = false;
      for (let i = start; i < Math.min(start + PAGE, Math.max(state.total, 1)); i++) {
        if (state.cacheSeq !== state.seq || !state.cache.has(i)) {
          missing = true;
          break;
        }
      }
      if ((missing || state.total === 0) && !state.pending.has(start)) {
        state.pending.add(start);
        // `top`: the record shown first, so the answer can say how many newer ones pushed the list down.
        const first = state.cache.get(0);
        vscode.postMessage({ type: 'rows', seq: state.seq, start, count: PAGE, filter: filter(), ...(first ? { top: first.at } : {}) });
      }
    }
    renderRows();
  }

  /** @param {string} iso */
  function shortTime(iso) {
    const d = new Date(iso);
    if (isNaN(d.getTime())) return iso;
    const today = new Date().toDateString() === d.toDateString();
    const t = d.toLocaleTimeString(undefined, { hour12: false });
    // Older days as MM-DD: short enough for the column, the full time is in the tooltip.
    return today ? t : `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${t}`;
  }

  /** @type {HTMLElement[]} */
  const pool = [];
  function rowElement(k) {
    let r = pool[k];
    if (!r) {
      r = el('div', 'row');
      r.setAttribute('role', 'row');
      for (let c = 0; c < 8; c++) r.appendChild(el('span', c === 7 ? 'num' : c === 1 ? 'badge' : ''));
      r.addEventListener('click', () => select(Number(r.dataset.pos), true));
      pool[k] = r;
      rowsEl.appendChild(r);
    }
    return r;
  }

  function renderRows() {
    spacer.style.height = `${state.total * ROW_H}px`;
    const { first, last } = visibleRange();
    let k = 0;
    for (let pos = first; pos < last; pos++, k++) {
      const row = state.cache.get(pos);
      const r = rowElement(k);
      r.hidden = false;
      r.style.top = `${pos * ROW_H}px`;
      r.dataset.pos = String(pos);
      r.classList.toggle('selected', pos === state.selected);
      r.setAttribute('aria-selected', String(pos === state.selected));
      const cells = r.children;
      if (!row) {
        for (let c = 0; c < 8; c++) cells[c].textContent = c === 3 ? '…' : '';
        r.className = 'row loading' + (pos === state.selected ? ' selected' : '');
        continue;
      }
      r.className = `row d-${row.decision}${pos === state.selected ? ' selected' : ''}${row.event ? ' event' : ''}`;
      cells[0].textContent = shortTime(row.time);
      /** @type {HTMLElement} */ (cells[0]).title = row.time;
      cells[1].textContent = row.event ? row.event : row.decision;
      /** @type {HTMLElement} */ (cells[1]).title = row.risk ? `${row.risk} risk` : '';
      r.dataset.risk = row.risk || '';
      // The guarded tools share a prefix; the column shows what differs (the full id is in the tooltip).
      cells[2].textContent = row.tool.replace(/^agentguard_/, '');
      /** @type {HTMLElement} */ (cells[2]).title = row.tool;
      cells[3].textContent = row.target;
      /** @type {HTMLElement} */ (cells[3]).title = row.target;
      cells[4].textContent = row.rule;
      /** @type {HTMLElement} */ (cells[4]).title = `${row.rule} (decided by ${row.decidedBy})`;
      cells[5].textContent = row.agent;
      cells[6].textContent = row.channel;
      cells[7].textContent = String(Math.round(row.durationMs));
    }
    for (; k < pool.length; k++) pool[k].hidden = true;
    if (!state.loading && !state.partial) $('count').textContent = `${state.total.toLocaleString()} record${state.total === 1 ? '' : 's'}`;
    $('empty').hidden = state.total > 0 || state.loading;
    report();
  }

  /**
   * @param {number} pos
   * @param {boolean} [open]
   */
  function select(pos, open) {
    if (state.total === 0) return;
    state.selected = Math.max(0, Math.min(state.total - 1, pos));
    const top = state.selected * ROW_H;
    if (top < viewport.scrollTop) viewport.scrollTop = top;
    else if (top + ROW_H > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_H - viewport.clientHeight;
    renderRows();
    requestVisible();
    const row = state.cache.get(state.selected);
    if (open && row) vscode.postMessage({ type: 'detail', at: row.at });
  }

  viewport.addEventListener('scroll', () => {
    requestVisible();
    save();
  });
  window.addEventListener('resize', () => requestVisible());
  viewport.addEventListener('keydown', (e) => {
    const page = Math.max(1, Math.floor(viewport.clientHeight / ROW_H) - 1);
    const keys = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    if (e.key in keys) select(Math.max(0, state.selected) + keys[/** @type {keyof typeof keys} */ (e.key)], !detailEl.hidden);
    else if (e.key === 'Home') select(0, !detailEl.hidden);
    else if (e.key === 'End') select(state.total - 1, !detailEl.hidden);
    else if (e.key === 'Enter') select(Math.max(0, state.selected), true);
    else if (e.key === 'Escape') detailEl.hidden = true;
    else return;
    e.preventDefault();
  });

  /** @param {any} rec */
  function renderDetail(rec) {
    detailEl.replaceChildren();
    if (!rec) {
      detailEl.appendChild(el('div', 'muted', 'This record could not be read back from the log.'));
      detailEl.hidden = false;
      return;
    }
    const head = el('div', 'detail-head');
    head.appendChild(el('span', `badge d-${rec.decision}`, String(rec.decision)));
    head.appendChild(el('span', 'strong', `${rec.tool} · ${rec.op}`));
    const close = el('button', 'secondary small', 'Close');
    close.addEventListener('click', () => {
      detailEl.hidden = true;
      viewport.focus();
    });
    head.appendChild(el('span', 'spacer'));
    head.appendChild(close);
    detailEl.appendChild(head);
    const dl = el('dl');
    /**
     * @param {string} k
     * @param {unknown} v
     */
    const add = (k, v) => {
      if (v === undefined || v === null || v === '') return;
      dl.appendChild(el('dt', '', k));
      dl.appendChild(el('dd', '', String(v)));
    };
    add('Time', rec.time);
    add('Rule', rec.rule);
    add('Reason', rec.reason);
    add('Decided by', rec.decidedBy);
    add('Agent', rec.agent);
    add('Channel', rec.channel);
    add('Outcome', rec.outcome);
    add('Error', rec.error);
    add('Risk', rec.risk);
    add('Duration', typeof rec.durationMs === 'number' ? `${Math.round(rec.durationMs)} ms` : undefined);
    add('Limited', Array.isArray(rec.limited) ? rec.limited.join('; ') : undefined);
    add('Changes', Array.isArray(rec.changes) ? rec.changes.map((c) => `${c.kind} ${c.path}`).join('\n') : undefined);
    add('Session', rec.session);
    add('Call', rec.callId);
    add('Policy', typeof rec.policy === 'string' ? rec.policy.slice(0, 16) : undefined);
    detailEl.appendChild(dl);
    detailEl.appendChild(el('div', 'muted', 'Arguments (masked)'));
    detailEl.appendChild(el('pre', 'args', JSON.stringify(rec.args, null, 2) ?? ''));
    detailEl.hidden = false;
  }

  for (const s of [fDecision, fTool, fAgent, fRisk])
    s.addEventListener('change', () => {
      renderFilter();
      resetRows();
      save();
    });
  let textTimer = 0;
  fText.addEventListener('input', () => {
    window.clearTimeout(textTimer);
    textTimer = window.setTimeout(() => {
      renderFilter();
      resetRows();
      save();
    }, 150);
  });

  /**
   * @param {HTMLSelectElement} sel
   * @param {string[]} values
   * @param {string} allLabel
   */
  function fillSelect(sel, values, allLabel) {
    const cur = sel.value;
    sel.replaceChildren(el('option', '', allLabel));
    /** @type {HTMLOptionElement} */ (sel.firstChild).value = '';
    for (const v of values) {
      const o = /** @type {HTMLOptionElement} */ (el('option', '', v));
      o.value = v;
      sel.appendChild(o);
    }
    // A value set by a host filter stays chosen though the log does not (yet) list it: the view stays as asked.
    if (cur && !values.includes(cur)) {
      const o = /** @type {HTMLOptionElement} */ (el('option', '', cur));
      o.value = cur;
      sel.appendChild(o);
    }
    sel.value = cur;
  }

  // ---- workspace diff: artifacts, then a tree ---------------------------------------------------

  const KIND_LETTER = { added: 'A', modified: 'M', deleted: 'D' };

  /**
   * @param {any} e
   * @param {HTMLElement} into
   */
  function actionButtons(e, into) {
    /** @type {[string, string, string][]} */
    const acts = [['open', 'Open', e.kind === 'deleted' ? 'Open the content at session start' : 'Open the file']];
    if (e.kind !== 'deleted') acts.push(['reveal', 'Reveal', 'Reveal in the Explorer']);
    if (e.kind === 'modified' && e.isText) acts.push(['diff', 'Diff', 'Compare with the session start']);
    if (e.kind !== 'deleted') acts.push(['delete', 'Delete', 'Delete (asks first; recorded as your action)']);
    acts.push(['gitignore', '.gitignore', 'Add to .gitignore']);
    const box = el('span', 'actions');
    for (const [action, label, title] of acts) {
      const b = el('button', 'small secondary', label);
      b.title = title;
      b.dataset.action = action;
      b.tabIndex = -1;
      b.addEventListener('click', (ev) => {
        ev.stopPropagation();
        vscode.postMessage({ type: 'action', action, path: e.path });
      });
      box.appendChild(b);
    }
    into.appendChild(box);
  }

  /** @param {any} e */
  function metaText(e) {
    const parts = [e.kind === 'deleted' ? `was ${e.sizeText}` : e.sizeText];
    if (e.protected) parts.push('protected');
    return parts.join(' · ');
  }

  function renderDiff() {
    const arts = $('artifacts');
    const tree = $('tree');
    arts.replaceChildren();
    tree.replaceChildren();
    // Changes no guarded call made are shown apart, in their own section (media/undo.js).
    const mine = state.diff.filter((e) => !e.unattributed);
    const artifacts = mine.filter((e) => e.artifact);
    if (artifacts.length) {
      arts.appendChild(el('div', 'section', `New artifacts (${artifacts.length})`));
      for (const e of artifacts) {
        const card = el('div', 'card');
        card.dataset.path = e.path;
        card.dataset.section = 'artifacts';
        if (typeof e.preview === 'string' && e.preview.startsWith('data:image/')) {
          const img = /** @type {HTMLImageElement} */ (el('img', 'thumb'));
          img.alt = `preview of ${e.path}`;
          img.addEventListener('load', () => report());
          img.src = e.preview;
          card.appendChild(img);
        } else {
          card.appendChild(el('div', 'thumb placeholder', e.isImage ? 'no preview' : (e.path.split('.').pop() || '').toUpperCase().slice(0, 6)));
        }
        const info = el('div', 'card-info');
        const name = el('div', 'name', e.path);
        name.title = e.path;
        info.appendChild(name);
        info.appendChild(el('div', 'muted', `${metaText(e)} · by ${e.by.join(', ')}`));
        actionButtons(e, info);
        card.appendChild(info);
        arts.appendChild(card);
      }
    }
    tree.appendChild(el('div', 'section', `All changes (${mine.length}${state.more ? ` + ${state.more} more` : ''})`));
    // Build the folder tree from paths; folders first, then files, by name.
    /** @typedef {{name: string, path: string, dirs: Map<string, any>, files: any[]}} Dir */
    /** @type {Dir} */
    const root = { name: '', path: '', dirs: new Map(), files: [] };
    for (const e of mine) {
      const parts = e.path.split('/');
      let d = root;
      for (let i = 0; i < parts.length - 1; i++) {
        const p = parts.slice(0, i + 1).join('/');
        if (!d.dirs.has(parts[i])) d.dirs.set(parts[i], { name: parts[i], path: p, dirs: new Map(), files: [] });
        d = d.dirs.get(parts[i]);
      }
      d.files.push(e);
    }
    /**
     * @param {Dir} d
     * @param {number} depth
     */
    const walk = (d, depth) => {
      for (const sub of [...d.dirs.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const r = el('div', 'node dir');
        r.setAttribute('role', 'treeitem');
        const open = !state.collapsed.has(sub.path);
        r.setAttribute('aria-expanded', String(open));
        r.dataset.dir = sub.path;
        r.style.paddingLeft = `${6 + depth * 14}px`;
        r.appendChild(el('span', 'twisty', open ? '▾' : '▸'));
        r.appendChild(el('span', 'name', sub.name));
        r.addEventListener('click', () => toggle(sub.path));
        tree.appendChild(r);
        if (open) walk(sub, depth + 1);
      }
      for (const e of d.files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
        const r = el('div', `node file k-${e.kind}${e.artifact ? ' artifact' : ''}`);
        r.setAttribute('role', 'treeitem');
        r.dataset.path = e.path;
        r.dataset.section = 'tree';
        r.style.paddingLeft = `${6 + depth * 14 + 12}px`;
        const letter = el('span', 'kind', KIND_LETTER[/** @type {'added'} */ (e.kind)] || '?');
        letter.title = e.kind;
        r.appendChild(letter);
        const name = el('span', 'name', e.path.split('/').pop());
        name.title = `${e.path}\nby ${e.by.join(', ')}`;
        r.appendChild(name);
        r.appendChild(el('span', 'muted meta', metaText(e)));
        actionButtons(e, r);
        r.addEventListener('click', () => focusTree(nodes().indexOf(r)));
        r.addEventListener('dblclick', () => vscode.postMessage({ type: 'action', action: e.kind === 'modified' && e.isText ? 'diff' : 'open', path: e.path }));
        tree.appendChild(r);
      }
    };
    walk(root, 0);
    // @ts-ignore set by media/undo.js
    if (window.agentguardUndo) window.agentguardUndo.unattributed(state.diff.filter((e) => e.unattributed));
    $('diffEmpty').hidden = state.diff.length > 0;
    const ns = nodes();
    for (const n of ns) n.tabIndex = -1;
    if (ns.length) ns[Math.min(state.treeFocus, ns.length - 1)].tabIndex = 0;
    report();
  }

  /** @param {string} p */
  function toggle(p) {
    if (state.collapsed.has(p)) state.collapsed.delete(p);
    else state.collapsed.add(p);
    save();
    renderDiff();
  }

  /** Focusable rows of the diff pane: artifact cards and tree nodes, in order (roving tabindex). */
  function nodes() {
    return /** @type {HTMLElement[]} */ ([...document.querySelectorAll('#artifacts .card, #tree .node, #unattributed .node')]);
  }

  /** @param {number} i */
  function focusTree(i) {
    const ns = nodes();
    if (!ns.length) return;
    state.treeFocus = Math.max(0, Math.min(ns.length - 1, i));
    for (const n of ns) n.tabIndex = -1;
    const n = ns[state.treeFocus];
    n.tabIndex = 0;
    n.focus();
  }

  $('diffBody').addEventListener('keydown', (e) => {
    const ns = nodes();
    const cur = /** @type {HTMLElement} */ (document.activeElement);
    const i = ns.indexOf(cur);
    if (i === -1) return;
    const p = cur.dataset.path;
    const entry = p !== undefined ? state.diff.find((x) => x.path === p) : undefined;
    if (e.key === 'ArrowDown') focusTree(i + 1);
    else if (e.key === 'ArrowUp') focusTree(i - 1);
    else if (e.key === 'Home') focusTree(0);
    else if (e.key === 'End') focusTree(ns.length - 1);
    else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && cur.dataset.dir !== undefined) {
      const open = !state.collapsed.has(cur.dataset.dir);
      if (open === (e.key === 'ArrowLeft')) toggle(cur.dataset.dir);
      focusTree(i);
    } else if (e.key === 'Enter' && entry) {
      vscode.postMessage({ type: 'action', action: entry.kind === 'modified' && entry.isText ? 'diff' : 'open', path: entry.path });
    } else if (e.key === 'Delete' && entry && entry.kind !== 'deleted') {
      vscode.postMessage({ type: 'action', action: 'delete', path: entry.path });
    } else return;
    e.preventDefault();
  });

  // ---- what was drawn, for the host's test hooks (throttled) ------------------------------------

  let reportTimer = 0;
  function report() {
    if (reportTimer) return;
    reportTimer = window.setTimeout(() => {
      reportTimer = 0;
      const rows = [];
      for (const r of pool) {
        if (r.hidden || r.classList.contains('loading')) continue;
        const c = r.children;
        rows.push(
          [
            c[1].textContent || '',
            c[2].textContent || '',
            c[3].textContent || '',
            c[4].textContent || '',
            c[5].textContent || '',
            c[6].textContent || '',
            r.dataset.risk || '',
          ].map((s) => s.slice(0, 600)),
        );
        if (rows.length >= 500) break;
      }
      const diff = [];
      for (const n of /** @type {HTMLElement[]} */ ([...document.querySelectorAll('[data-path]')])) {
        const e = state.diff.find((x) => x.path === n.dataset.path);
        const img = /** @type {HTMLImageElement | null} */ (n.querySelector('img.thumb'));
        diff.push({
          path: String(n.dataset.path).slice(0, 4096),
          kind: e ? e.kind : '',
          preview: !!(img && img.complete && img.naturalWidth > 0),
          section: n.dataset.section || '',
          by: e ? e.by.join(', ').slice(0, 1000) : '',
        });
        if (diff.length >= 5000) break;
      }
      vscode.postMessage({
        type: 'rendered',
        rows,
        total: Math.min(state.total, 100000000),
        diff,
        banner: banner.hidden ? '' : (banner.textContent || '').slice(0, 5000),
        filter: $('activeFilter').hidden ? '' : ($('activeFilterText').textContent || '').slice(0, 3000),
      });
    }, 120);
  }

  // ---- messages from the host -------------------------------------------------------------------

  window.addEventListener('message', (ev) => {
    const m = ev.data;
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'init': {
        folderSel.replaceChildren();
        for (const f of m.folders) {
          const o = /** @type {HTMLOptionElement} */ (el('option', '', f.name));
          o.value = f.key;
          folderSel.appendChild(o);
        }
        folderSel.value = m.folder;
        folderSel.hidden = m.folders.length < 2;
        $('session').textContent = m.session ? `session ${m.session}` : '';
        if (m.filter && typeof m.filter === 'object') applyFilter(m.filter);
        state.loading = true;
        $('count').textContent = 'reading the log…';
        resetRows();
        break;
      }
      case 'audit': {
        state.loading = false;
        state.partial = !!m.partial;
        if (state.partial) {
          $('count').textContent = 'reading the log…';
          // The newest records, read from the end of the log; tools, agents and the chain follow with the full read.
          refreshRows();
          break;
        }
        fillSelect(fTool, m.tools, 'All tools');
        fillSelect(fAgent, m.agents, 'All agents');
        if (saved.filter && (saved.filter.tool || saved.filter.agent)) {
          // Restored once the options exist; a changed filter is a new view.
          fTool.value = m.tools.includes(saved.filter.tool) ? saved.filter.tool : '';
          fAgent.value = m.agents.includes(saved.filter.agent) ? saved.filter.agent : '';
          saved.filter = undefined;
          renderFilter();
          resetRows();
          break;
        }
        if (m.chain.ok) {
          banner.hidden = true;
          banner.textContent = '';
        } else {
          banner.replaceChildren(
            el('strong', '', 'The audit log does not verify: it was edited, truncated or torn. '),
            el('span', '', m.chain.problems.join(' · ')),
            el('div', 'muted', `Log: ${m.chain.file} — run \`agentguard audit verify\` for the full report.`),
          );
          banner.hidden = false;
        }
        // New records: re-read the visible window; keep the rows a person is looking at in place.
        refreshRows();
        break;
      }
      case 'rows': {
        if (m.seq !== state.seq) break; // an answer to a view that is gone
        state.pending.delete(m.start);
        if (state.cacheSeq !== m.seq) {
          state.cache.clear();
          state.cacheSeq = m.seq;
        }
        const grew = m.total - state.total;
        const shift = Number(m.shift) | 0;
        // Every page of one request generation carries the same shift: follow it once.
        if (shift > 0 && m.seq !== state.shiftSeq && viewport.scrollTop > 0) {
          // Newest first: records that arrived push the list down; follow them so the view does not jump.
          // (Older records read in behind the first paint add to the bottom: they move nothing.)
          viewport.scrollTop += shift * ROW_H;
          if (state.selected >= 0) state.selected += shift;
        }
        state.shiftSeq = m.seq;
        state.total = m.total;
        m.rows.forEach((/** @type {any} */ r, /** @type {number} */ k) => state.cache.set(m.start + k, r));
        renderRows();
        if (restoreScroll > 0 && m.total > 0) {
          viewport.scrollTop = restoreScroll;
          restoreScroll = 0;
          requestVisible();
        }
        if (grew !== 0) requestVisible();
        break;
      }
      case 'filter':
        if (!m.filter || typeof m.filter !== 'object') break;
        applyFilter(m.filter);
        resetRows();
        save();
        break;
      case 'loading':
        if (!state.loading && !state.partial) break;
        $('count').textContent = `reading the log… ${Number(m.percent) | 0}%`;
        break;
      case 'detail':
        renderDetail(m.record);
        // @ts-ignore set by media/undo.js
        if (window.agentguardUndo && m.record) window.agentguardUndo.detail(m.undo, m.at, detailEl);
        break;
      case 'diff':
        state.diff = Array.isArray(m.entries) ? m.entries : [];
        state.more = m.more || 0;
        $('diffInfo').textContent = m.info || '';
        renderDiff();
        break;
      case 'test:click': {
        // The integration tests press a button the way a person would: the same click handler, message and host checks.
        const sel = `[data-path] button[data-action="${m.action}"]`;
        const btn = [...document.querySelectorAll(sel)].find((b) => /** @type {HTMLElement} */ (b.closest('[data-path]')).dataset.path === m.path);
        if (btn) /** @type {HTMLButtonElement} */ (btn).click();
        break;
      }
    }
  });

  $('clearFilter').addEventListener('click', () => clearFilter());
  $('rescan').addEventListener('click', () => vscode.postMessage({ type: 'rescan' }));
  $('newSession').addEventListener('click', () => vscode.postMessage({ type: 'newSession' }));
  folderSel.addEventListener('change', () => vscode.postMessage({ type: 'folder', folder: folderSel.value }));

  vscode.postMessage({ type: 'ready' });
})();
