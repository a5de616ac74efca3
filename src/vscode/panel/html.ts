// The panel's page: a static skeleton with no data in it. Everything shown arrives later by postMessage and
// is rendered with textContent (media/panel.js), so nothing an agent wrote is ever parsed as HTML here.
// CSP: default-src 'none'; the script only with this load's nonce; styles only from media/; images only as
// data: URIs the host built (see artifacts.ts).
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

export function panelHtml(webview: vscode.Webview, media: vscode.Uri, joinPath: (base: vscode.Uri, ...p: string[]) => vscode.Uri): string {
  // crypto, not Math.random: a guessable nonce lets an injected <script> run.
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(joinPath(media, 'panel.js'));
  const style = webview.asWebviewUri(joinPath(media, 'panel.css'));
  // Undo (revert a call or the session) and the unattributed changes: their own script and styles.
  const undoScript = webview.asWebviewUri(joinPath(media, 'undo.js'));
  const undoStyle = webview.asWebviewUri(joinPath(media, 'undo.css'));
  const csp = [`default-src 'none'`, `img-src data:`, `style-src ${webview.cspSource}`, `font-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`].join(
    '; ',
  );
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${style}" rel="stylesheet">
<link href="${undoStyle}" rel="stylesheet">
<title>AgentGuard</title>
</head>
<body>
<div id="banner" class="banner" role="alert" hidden></div>
<header class="top">
  <span class="title">AgentGuard</span>
  <select id="folder" title="Workspace folder" aria-label="Workspace folder" hidden></select>
  <span id="session" class="muted"></span>
  <span class="spacer"></span>
  <button id="newSession" class="secondary" title="Start a new session: a new baseline for the workspace diff">New session</button>
</header>
<main class="split">
  <section class="pane log" aria-label="Audit log">
    <div class="toolbar">
      <select id="fDecision" aria-label="Filter by decision">
        <option value="">All decisions</option><option value="allow">allow</option><option value="ask">ask</option><option value="deny">deny</option>
      </select>
      <select id="fTool" aria-label="Filter by tool"><option value="">All tools</option></select>
      <select id="fAgent" aria-label="Filter by agent"><option value="">All agents</option></select>
      <select id="fRisk" aria-label="Filter by risk level">
        <option value="">All risks</option><option value="low">low risk</option><option value="medium">medium risk</option><option value="high">high risk</option>
      </select>
      <input id="fText" type="search" placeholder="Filter text" aria-label="Filter text">
      <span id="count" class="muted"></span>
    </div>
    <div id="activeFilter" class="active-filter" role="status" hidden>
      <span id="activeFilterText"></span>
      <button id="clearFilter" class="secondary small" title="Show every record">Clear filter</button>
    </div>
    <div class="thead" role="row">
      <span>Time</span><span>Decision</span><span>Tool</span><span>Target</span><span>Rule</span><span>Agent</span><span>Channel</span><span class="num">ms</span>
    </div>
    <div id="empty" class="empty muted" hidden>No audit records yet.</div>
    <div id="viewport" class="viewport" tabindex="0" role="grid" aria-label="Audit records, newest first">
      <div id="spacer" class="spacer-rows"></div>
      <div id="rows" class="rows"></div>
    </div>
    <div id="detail" class="detail" hidden tabindex="-1" aria-label="Record detail"></div>
  </section>
  <section class="pane diff" aria-label="Workspace changes since the session began">
    <div class="toolbar">
      <span class="heading">Workspace changes</span>
      <span id="diffInfo" class="muted"></span>
      <span class="spacer"></span>
      <button id="rescan" class="secondary" title="Scan the workspace now">Rescan</button>
    </div>
    <div id="diffBody" class="diffbody">
      <div id="artifacts" class="artifacts"></div>
      <div id="tree" class="tree" role="tree" aria-label="Changed files"></div>
      <div id="diffEmpty" class="empty muted" hidden>No changes since the session began.</div>
    </div>
  </section>
</main>
<script nonce="${nonce}" src="${script}"></script>
<script nonce="${nonce}" src="${undoScript}"></script>
</body>
</html>`;
}
