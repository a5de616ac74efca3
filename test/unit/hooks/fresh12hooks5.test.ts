// The hooks5 round (fresh12): where a relative path is judged when the host names no absolute folder, every
// tool name each host is known to send classified on purpose (a name nobody classified asks).
import { strict as assert } from 'node:assert';
import { type HookEnvelope, type HookPlan, type HostId, planHook } from '../../../src/core/hooks';

const W = '/home/dev/project';

/** The plan with the session folder `W`, or the cwd given (undefined: none). */
function plan(host: HostId, toolName: string, toolInput: Record<string, unknown>, ...given: [string | undefined] | []): HookPlan {
  const cwd = given.length ? given[0] : W;
  const env: HookEnvelope = {
    host,
    phase: 'pre',
    eventName: 'PreToolUse',
    toolName,
    toolInput,
    cwd,
    workspaceRoots: host === 'cline' && cwd ? [cwd] : undefined,
  };
  return planHook(env);
}

/** pass (the host's own flow), judged (the engine decides by rule) or ask/refuse (never allowed by rule). */
function cls(p: HookPlan): 'pass' | 'judged' | 'ask' | 'refuse' {
  if (p.kind === 'pass') return 'pass';
  if (p.calls.some((c) => c.preset?.kind === 'refuse')) return 'refuse';
  if (p.calls.some((c) => c.preset?.kind === 'opaque')) return 'ask';
  return 'judged';
}

describe('hook bridge: hooks5 (fresh12)', () => {
  describe('every tool name a host is known to send is classified on purpose', () => {
    // One input with the keys most tools read (a command, a file, a pattern, a URL): the class shows what the
    // name is mapped to. pass: no workspace effect (the host's flow); judged: by the rules; ask: never allowed by
    // rule (the tool's effect is not in its input); refuse: never runs as given.
    const G = {
      command: 'ls',
      file_path: `${W}/src/a.ts`,
      path: `${W}/src/a.ts`,
      filePath: `${W}/src/a.ts`,
      pattern: '*.ts',
      content: 'x',
      query: 'x',
      url: 'https://example.com/',
    };
    type Row = readonly [string, 'pass' | 'judged' | 'ask' | 'refuse'];
    const TABLE: Record<HostId, readonly Row[]> = {
      claude: [
        ['Bash', 'judged'],
        ['Read', 'judged'],
        ['Write', 'judged'],
        ['Edit', 'judged'],
        ['MultiEdit', 'judged'],
        ['NotebookEdit', 'ask'],
        ['NotebookRead', 'judged'],
        ['Glob', 'judged'],
        ['Grep', 'judged'],
        ['LS', 'judged'],
        ['WebFetch', 'pass'],
        ['WebSearch', 'pass'],
        ['Task', 'pass'],
        ['Agent', 'pass'],
        ['TodoWrite', 'pass'],
        ['SlashCommand', 'ask'],
        ['Skill', 'ask'],
        ['BashOutput', 'pass'],
        ['KillShell', 'pass'],
        ['KillBash', 'pass'],
        ['ExitPlanMode', 'pass'],
        ['EnterPlanMode', 'pass'],
        ['AskUserQuestion', 'pass'],
        ['LSP', 'judged'],
        ['Monitor', 'judged'],
        ['PowerShell', 'ask'],
        ['ToolSearch', 'pass'],
        ['StructuredOutput', 'pass'],
        ['SendMessage', 'pass'],
        ['TaskCreate', 'pass'],
        ['TaskGet', 'pass'],
        ['TaskList', 'pass'],
        ['TaskUpdate', 'pass'],
        ['TaskOutput', 'pass'],
        ['TaskStop', 'pass'],
        ['CronCreate', 'pass'],
        ['CronList', 'pass'],
        ['CronDelete', 'pass'],
        ['ListMcpResourcesTool', 'pass'],
        ['ReadMcpResourceTool', 'pass'],
        ['ReadMcpResourceDir', 'ask'],
        ['EnterWorktree', 'ask'],
        ['ExitWorktree', 'ask'],
        ['Workflow', 'ask'],
        ['Config', 'ask'],
        ['mcp__github__create_issue', 'ask'],
      ],
      gemini: [
        ['run_shell_command', 'judged'],
        ['write_file', 'judged'],
        ['replace', 'judged'],
        ['read_file', 'judged'],
        ['read_many_files', 'ask'],
        ['glob', 'judged'],
        ['search_file_content', 'judged'],
        ['grep_search', 'judged'],
        ['list_directory', 'judged'],
        ['web_fetch', 'pass'],
        ['google_web_search', 'pass'],
        ['save_memory', 'ask'],
        ['write_todos', 'pass'],
        ['ask_user', 'pass'],
        ['enter_plan_mode', 'pass'],
        ['exit_plan_mode', 'pass'],
        ['activate_skill', 'ask'],
        ['complete_task', 'pass'],
        ['invoke_agent', 'pass'],
        ['get_internal_docs', 'pass'],
        ['list_mcp_resources', 'pass'],
        ['update_topic', 'pass'],
        ['tracker_create_task', 'pass'],
        ['mcp_github_create_issue', 'ask'],
      ],
      cline: [
        ['execute_command', 'judged'],
        ['run_commands', 'judged'],
        ['read_file', 'judged'],
        ['read_files', 'judged'],
        ['write_to_file', 'judged'],
        ['replace_in_file', 'judged'],
        ['editor', 'judged'],
        ['apply_patch', 'refuse'],
        ['search_files', 'judged'],
        ['search_codebase', 'judged'],
        ['list_files', 'judged'],
        ['list_code_definition_names', 'judged'],
        ['browser_action', 'pass'],
        ['web_fetch', 'pass'],
        ['web_search', 'pass'],
        ['fetch_web_content', 'pass'],
        ['use_mcp_tool', 'ask'],
        ['access_mcp_resource', 'ask'],
        ['ask_followup_question', 'pass'],
        ['attempt_completion', 'judged'],
        ['new_task', 'pass'],
        ['plan_mode_respond', 'pass'],
        ['load_mcp_documentation', 'pass'],
        ['condense', 'pass'],
        ['summarize_task', 'pass'],
        ['report_bug', 'pass'],
        ['new_rule', 'judged'],
        ['use_skill', 'ask'],
        ['skills', 'ask'],
        ['use_subagents', 'ask'],
        ['spawn_agent', 'pass'],
        ['generate_explanation', 'pass'],
        ['focus_chain', 'pass'],
        ['ask_question', 'pass'],
        ['submit_and_exit', 'pass'],
      ],
      codex: [
        ['shell', 'judged'],
        ['exec_command', 'judged'],
        ['local_shell', 'judged'],
        ['container.exec', 'judged'],
        ['unified_exec', 'ask'],
        ['write_stdin', 'ask'],
        ['apply_patch', 'refuse'],
        ['view_image', 'judged'],
        ['update_plan', 'pass'],
        ['web_search', 'pass'],
        ['request_user_input', 'pass'],
        ['tool_search', 'pass'],
        ['list_mcp_resources', 'pass'],
        ['read_mcp_resource', 'ask'],
        ['Bash', 'judged'],
        ['mcp__github__create_issue', 'ask'],
      ],
      vscode: [
        ['run_in_terminal', 'judged'],
        ['send_to_terminal', 'judged'],
        ['get_terminal_output', 'refuse'],
        ['terminal_last_command', 'ask'],
        ['terminal_selection', 'ask'],
        ['kill_terminal', 'pass'],
        ['create_and_run_task', 'ask'],
        ['run_task', 'ask'],
        ['get_task_output', 'pass'],
        ['read_file', 'judged'],
        ['create_file', 'judged'],
        ['create_directory', 'ask'],
        ['insert_edit_into_file', 'judged'],
        ['replace_string_in_file', 'judged'],
        ['multi_replace_string_in_file', 'ask'],
        ['apply_patch', 'refuse'],
        ['edit_notebook_file', 'judged'],
        ['create_new_jupyter_notebook', 'ask'],
        ['run_notebook_cell', 'ask'],
        ['read_notebook_cell_output', 'judged'],
        ['copilot_getNotebookSummary', 'judged'],
        ['list_dir', 'judged'],
        ['file_search', 'judged'],
        ['grep_search', 'judged'],
        ['semantic_search', 'judged'],
        ['read_project_structure', 'judged'],
        ['get_changed_files', 'ask'],
        ['get_errors', 'judged'],
        ['list_code_usages', 'judged'],
        ['vscode_listCodeUsages', 'judged'],
        ['search_workspace_symbols', 'pass'],
        ['fetch_webpage', 'pass'],
        ['github_repo', 'pass'],
        ['github_text_search', 'pass'],
        ['manage_todo_list', 'pass'],
        ['think', 'pass'],
        ['runTests', 'pass'],
        ['test_search', 'ask'],
        ['test_failure', 'pass'],
        ['get_project_setup_info', 'pass'],
        ['get_vscode_api', 'pass'],
        ['install_extension', 'ask'],
        ['run_vscode_command', 'refuse'],
        ['create_new_workspace', 'ask'],
        ['get_search_view_results', 'ask'],
        ['switch_agent', 'pass'],
        ['tool_search', 'pass'],
        ['view_image', 'judged'],
        ['memory', 'ask'],
        ['resolve_memory_file_uri', 'pass'],
        ['vscode_askQuestions', 'pass'],
        ['vscode_get_confirmation', 'pass'],
        ['vscode_get_confirmation_with_options', 'pass'],
        ['vscode_get_terminal_confirmation', 'pass'],
        ['open_browser_page', 'pass'],
        ['navigate_page', 'pass'],
        ['read_page', 'pass'],
        ['screenshot_page', 'pass'],
        ['click_element', 'pass'],
        ['hover_element', 'pass'],
        ['drag_element', 'pass'],
        ['type_in_page', 'pass'],
        ['handle_dialog', 'pass'],
        ['run_playwright_code', 'ask'],
        ['runSubagent', 'ask'],
        ['search_subagent', 'judged'],
        ['execution_subagent', 'pass'],
        ['explore_subagent', 'judged'],
      ],
    };
    for (const host of Object.keys(TABLE) as HostId[]) {
      it(`${host}: ${TABLE[host].length} known names, each in its class; names nobody classified ask`, () => {
        const got = TABLE[host].map(([n]) => [n, cls(plan(host, n, G))] as const);
        assert.deepEqual(got, TABLE[host]);
        for (const n of ['Skills', 'skill', 'bash', 'Shell', 'run_command', 'slash_command', 'Read2', '', 'mcp__x__y']) {
          assert.equal(cls(plan(host, n, G)), 'ask', `${host} ${JSON.stringify(n)}`);
        }
      });
    }
    it('Claude Code: SlashCommand and Skill ask whatever they name (their shell lines and frontmatter are unseen)', () => {
      for (const [t, i] of [
        ['SlashCommand', { command: '/deploy prod' }],
        ['SlashCommand', { command: '/hooks' }],
        ['Skill', { skill: 'pdf' }],
        ['Skill', { command: 'frontend-design' }],
      ] as const) {
        const p = plan('claude', t, i);
        assert.equal(cls(p), 'ask', `${t} ${JSON.stringify(i)}`);
        assert.ok(p.kind === 'calls' && p.calls[0].preset?.rule === 'hook:prompt-expansion');
      }
    });
  });

  describe('a relative path with no absolute folder to place it in is not judged as workspace-relative', () => {
    for (const cwd of [undefined, '', 'tests', './src', '.']) {
      it(`Claude Code, cwd ${JSON.stringify(cwd)}: relative Write/Read/Edit and a Bash command ask`, () => {
        for (const [t, i] of [
          ['Write', { file_path: 'run.js', content: 'x' }],
          ['Edit', { file_path: 'src/app.ts', old_string: 'a', new_string: 'b' }],
          ['Read', { file_path: '../.env' }],
          ['Bash', { command: 'echo x > run.js' }],
          ['Monitor', { command: 'tail -f log.txt' }],
        ] as const) {
          assert.equal(cls(plan('claude', t, i, cwd)), 'ask', `${t} ${JSON.stringify(i)}`);
        }
        // An absolute path needs no folder.
        assert.equal(cls(plan('claude', 'Write', { file_path: `${W}/src/a.ts`, content: 'x' }, cwd)), 'judged');
      });
    }
    it('Gemini, Codex and VS Code: the same with no absolute cwd', () => {
      assert.equal(cls(plan('gemini', 'write_file', { file_path: 'run.js', content: 'x' }, undefined)), 'ask');
      assert.equal(cls(plan('gemini', 'run_shell_command', { command: 'echo x > run.js' }, 'tests')), 'ask');
      assert.equal(cls(plan('codex', 'shell', { command: ['bash', '-lc', 'echo x > run.js'] }, '')), 'ask');
      assert.equal(cls(plan('codex', 'exec_command', { cmd: 'ls', workdir: 'tests' }, undefined)), 'ask');
      assert.equal(cls(plan('vscode', 'create_file', { filePath: 'run.js', content: 'x' }, undefined)), 'ask');
    });
    it('a relative path under an absolute cwd is placed there, inside or outside the workspace', () => {
      const p = plan('claude', 'Write', { file_path: 'run.js', content: 'x' }, `${W}/tests`);
      assert.ok(p.kind === 'calls' && p.calls[0].paths[0] === `${W}/tests/run.js`);
      const q = plan('claude', 'Write', { file_path: 'x.js', content: 'x' }, '/');
      assert.ok(q.kind === 'calls' && q.calls[0].paths[0] === '/x.js');
      const r = plan('claude', 'Bash', { command: 'ls' }, '/');
      assert.ok(r.kind === 'calls' && r.calls[0].cwd === '/');
    });
  });
});
