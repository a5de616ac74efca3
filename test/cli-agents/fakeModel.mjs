// Scripted fake model servers for the real agent CLIs: one HTTP server on 127.0.0.1 speaking the wire format
// each CLI uses, answering each model turn with the next step of a script, and keeping every request it got
// (that is everything the model "saw", so the tests can prove no secret value reached it).
//
//   anthropic  Claude Code   POST /v1/messages (SSE: message_start … message_stop)
//   gemini     Gemini CLI    POST /v1beta/models/<m>:streamGenerateContent?alt=sse, + generateContent side calls
//   chat       Cline         POST /v1/chat/completions (streamed chunks, tool_calls deltas, [DONE])
//   responses  Codex         POST /v1/responses (SSE: response.created … response.completed)
//
// A script is a JSON list of steps: {tool, input} (a function call), {custom, input} (Codex's freeform
// apply_patch), {text} (ends the turn). Step i answers the main-loop request whose history already holds i
// model turns — counted in the request, not by the server — so the CLIs' side queries (titles, routing
// classifiers, quota checks) and retries never shift the script. Requests that offer no tools are side
// queries and get a short text (or JSON where the CLI asked for JSON).
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';

export const PROTOCOLS = ['anthropic', 'gemini', 'chat', 'responses'];

function decode(buf, enc) {
  try {
    if (enc === 'gzip') return gunzipSync(buf);
    if (enc === 'br') return brotliDecompressSync(buf);
    if (enc === 'deflate') return inflateSync(buf);
  } catch {
    /* logged as it came */
  }
  return buf;
}

const RESPONSES_CALLS = new Set(['function_call', 'custom_tool_call', 'local_shell_call']);

/** Which script step a main-loop request is asking for: the number of model turns already in it. */
function turnIndex(protocol, body) {
  switch (protocol) {
    case 'anthropic':
      return (body.messages ?? []).filter((m) => m.role === 'assistant').length;
    case 'gemini':
      return (body.contents ?? []).filter((c) => c.role === 'model').length;
    case 'chat':
      return (body.messages ?? []).filter((m) => m.role === 'assistant').length;
    case 'responses':
      return (Array.isArray(body.input) ? body.input : []).filter((it) => RESPONSES_CALLS.has(it.type)).length;
  }
  return 0;
}

/** A main-loop request offers the agent's tools; side queries (titles, classifiers) offer none. */
function isMain(protocol, body) {
  if (protocol === 'gemini') return (body.tools ?? []).some((t) => (t.functionDeclarations ?? []).length > 0);
  return Array.isArray(body.tools) && body.tools.length > 0;
}

function sse(res, event, data) {
  res.write(event ? `event: ${event}\ndata: ${JSON.stringify(data)}\n\n` : `data: ${JSON.stringify(data)}\n\n`);
}

function replyAnthropic(res, body, step, n) {
  const id = `toolu_fake_${n}`;
  const blocks = step.tool ? [{ type: 'tool_use', id, name: step.tool, input: step.input }] : [{ type: 'text', text: step.text }];
  const stop = step.tool ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const msg = {
    id: `msg_fake_${n}`,
    type: 'message',
    role: 'assistant',
    model: body.model ?? 'claude-fake',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage,
  };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...msg, content: blocks, stop_reason: stop }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_fake_${n}` });
  sse(res, 'message_start', { type: 'message_start', message: msg });
  blocks.forEach((b, index) => {
    if (b.type === 'text') {
      sse(res, 'content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      sse(res, 'content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: b.text } });
    } else {
      sse(res, 'content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
      sse(res, 'content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(b.input) } });
    }
    sse(res, 'content_block_stop', { type: 'content_block_stop', index });
  });
  sse(res, 'message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } });
  sse(res, 'message_stop', { type: 'message_stop' });
  res.end();
}

function replyGemini(res, url, body, step) {
  const parts = step.tool ? [{ functionCall: { name: step.tool, args: step.input } }] : [{ text: step.text }];
  const payload = {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: 'gemini-fake',
  };
  if (url.includes(':streamGenerateContent')) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`data: ${JSON.stringify(payload)}\r\n\r\n`);
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  }
}

function replyChat(res, body, step, n) {
  const id = `chatcmpl-fake-${n}`;
  const created = Math.floor(Date.now() / 1000);
  const model = body.model ?? 'fake-model';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!body.stream) {
    const message = step.tool
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: `call_fake_${n}`, type: 'function', function: { name: step.tool, arguments: JSON.stringify(step.input) } }],
        }
      : { role: 'assistant', content: step.text };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, finish_reason: step.tool ? 'tool_calls' : 'stop' }],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta, finish) =>
    sse(res, undefined, { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] });
  if (step.tool) {
    chunk(
      { role: 'assistant', content: null, tool_calls: [{ index: 0, id: `call_fake_${n}`, type: 'function', function: { name: step.tool, arguments: '' } }] },
      null,
    );
    chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(step.input) } }] }, null);
    chunk({}, 'tool_calls');
  } else {
    chunk({ role: 'assistant', content: step.text }, null);
    chunk({}, 'stop');
  }
  sse(res, undefined, { id, object: 'chat.completion.chunk', created, model, choices: [], usage });
  res.end('data: [DONE]\n\n');
}

function replyResponses(res, body, step, n) {
  const callId = `call_fake_${n}`;
  let item;
  if (step.tool) item = { type: 'function_call', id: `fc_fake_${n}`, call_id: callId, name: step.tool, arguments: JSON.stringify(step.input) };
  else if (step.custom) item = { type: 'custom_tool_call', id: `ctc_fake_${n}`, call_id: callId, name: step.custom, input: step.input };
  else item = { type: 'message', id: `msg_fake_${n}`, role: 'assistant', content: [{ type: 'output_text', text: step.text, annotations: [] }] };
  const base = { id: `resp_fake_${n}`, object: 'response', created_at: Math.floor(Date.now() / 1000), model: body.model ?? 'fake-model', output: [] };
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let seq = 0;
  const ev = (e) => sse(res, e.type, { ...e, sequence_number: seq++ });
  ev({ type: 'response.created', response: { ...base, status: 'in_progress' } });
  ev({ type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress' } });
  ev({ type: 'response.output_item.done', output_index: 0, item: { ...item, status: 'completed' } });
  ev({ type: 'response.completed', response: { ...base, status: 'completed', output: [item], usage } });
  res.end();
}

/** A side query's answer: JSON where the CLI asked for JSON (Gemini's routing and next-speaker checks). */
function sideStep(protocol, body) {
  const gc = body.generationConfig ?? body.config ?? {};
  const wantsJson =
    (protocol === 'gemini' && (gc.responseMimeType === 'application/json' || gc.responseJsonSchema || gc.responseSchema)) ||
    (protocol === 'responses' && body.text?.format?.type === 'json_schema');
  if (wantsJson) {
    return {
      text: JSON.stringify({ reasoning: 'fake', next_speaker: 'user', model_choice: 'flash', complexity_reasoning: 'fake', complexity_score: 1 }),
    };
  }
  return { text: 'ok' };
}

/**
 * Start a fake model server. `steps`: the script. `logFile`: every request appended as JSON lines (optional).
 * Returns {url, port, requests, close()}; `requests` holds {n, method, url, raw, body, main, idx, step}.
 */
export function startFakeModel({ protocol, steps, logFile }) {
  if (!PROTOCOLS.includes(protocol)) throw new Error(`unknown protocol ${protocol}`);
  const requests = [];
  let seq = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = decode(Buffer.concat(chunks), req.headers['content-encoding']).toString('utf8');
      let body = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        body = {};
      }
      const n = ++seq;
      const path = req.url.split('?')[0];
      const entry = { n, t: new Date().toISOString(), method: req.method, url: req.url, raw, body };
      const keep = (extra) => {
        Object.assign(entry, extra);
        requests.push(entry);
        if (logFile) {
          const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !/authorization|api-key|cookie/i.test(k)));
          appendFileSync(
            logFile,
            JSON.stringify({ n, t: entry.t, method: req.method, url: req.url, headers, body, main: entry.main, idx: entry.idx, step: entry.step }) + '\n',
          );
        }
      };
      const isModelCall =
        req.method === 'POST' &&
        ((protocol === 'anthropic' && path.endsWith('/v1/messages')) ||
          (protocol === 'gemini' && /:(stream)?[gG]enerateContent$/.test(path)) ||
          (protocol === 'chat' && path.endsWith('/chat/completions')) ||
          (protocol === 'responses' && path.endsWith('/responses')));
      if (!isModelCall) {
        keep({ main: false });
        if (path.endsWith('/count_tokens') || path.endsWith(':countTokens')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ input_tokens: 42, totalTokens: 42 }));
          return;
        }
        if (req.method === 'GET' && path.endsWith('/models')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', created: 0, owned_by: 'fake' }], models: [] }));
          return;
        }
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `the fake model server has no ${req.method} ${path}` } }));
        return;
      }
      const main = isMain(protocol, body) && !req.headers['x-openai-subagent'];
      const idx = main ? turnIndex(protocol, body) : undefined;
      const step = main ? (steps[idx] ?? { text: 'Script exhausted: done.' }) : sideStep(protocol, body);
      keep({ main, idx, step });
      if (protocol === 'anthropic') replyAnthropic(res, body, step, n);
      else if (protocol === 'gemini') replyGemini(res, req.url, body, step);
      else if (protocol === 'chat') replyChat(res, body, step, n);
      else replyResponses(res, body, step, n);
    });
  });
  // Codex's built-in provider would try a WebSocket first; a custom provider never does, but refuse it visibly.
  server.on('upgrade', (req, socket) => {
    requests.push({ n: ++seq, method: req.method, url: req.url, raw: '', body: {}, main: false, upgrade: true });
    socket.end('HTTP/1.1 426 Upgrade Required\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        requests,
        /** Main-loop requests only, in order. */
        main: () => requests.filter((r) => r.main),
        /** The highest script step any request asked for (how far the run got). */
        reached: () => Math.max(-1, ...requests.filter((r) => r.main).map((r) => r.idx)),
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * What the model was told about the result of the tool call it made at step `i`: the tool-result text in the
 * first main request that asks for step i+1 (undefined if the run never got there).
 */
export function toolResultOf(protocol, requests, i) {
  const req = requests.find((r) => r.main && r.idx === i + 1);
  if (!req) return undefined;
  const b = req.body;
  switch (protocol) {
    case 'anthropic': {
      const msgs = b.messages ?? [];
      const last = [...msgs].reverse().find((m) => m.role === 'user' && Array.isArray(m.content) && m.content.some((c) => c.type === 'tool_result'));
      return JSON.stringify(last?.content ?? null);
    }
    case 'gemini': {
      const contents = b.contents ?? [];
      const last = [...contents].reverse().find((c) => (c.parts ?? []).some((p) => p.functionResponse));
      return JSON.stringify(last?.parts ?? null);
    }
    case 'chat': {
      const msgs = b.messages ?? [];
      // Cline sends a tool message per call and may add its hook context as a user message after it.
      const lastAssistant = msgs.map((m) => m.role).lastIndexOf('assistant');
      return JSON.stringify(msgs.slice(lastAssistant + 1));
    }
    case 'responses': {
      const input = Array.isArray(b.input) ? b.input : [];
      const lastCall = input.map((it) => RESPONSES_CALLS.has(it.type)).lastIndexOf(true);
      return JSON.stringify(input.slice(lastCall + 1));
    }
  }
  return undefined;
}
