/**
 * The README's shell examples as a script, so a test can run them in order the way a newcomer
 * pastes them. Conventions (stated in README.md, "Examples in this README"):
 * - every fenced block whose info string starts with `sh` or `bash` is run, in order, in one shell;
 *   a block whose info string also says `not-run` (e.g. ```sh not-run) is skipped;
 * - any command that fails fails the run, and `curl` fails on an HTTP error status (it runs with
 *   `--fail-with-body`), so an example that shows an error must say `not-run` or expect it with `|| true`;
 * - a line `# -> <text>` right after a command is that command's expected output: the output must
 *   contain the text, `…` standing for anything; the command is retried for up to `retrySeconds`
 *   until it does (asynchronous work: MQTT, S3 imports, stream workers) and runs in a subshell.
 */

export interface ExampleBlock {
  /** 1-based line of the opening fence in the README. */
  line: number;
  heading: string;
  lines: string[];
}

export function extractExamples(readme: string): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  const all = readme.split('\n');
  let heading = '';
  for (let i = 0; i < all.length; i++) {
    const text = all[i] as string;
    const fence = /^```(\S*)(.*)$/.exec(text);
    if (!fence) {
      if (/^#{1,6} /.test(text)) heading = text.replace(/^#+ /, '');
      continue;
    }
    const end = all.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`README.md:${i + 1}: unclosed code fence`);
    const lang = fence[1] ?? '';
    if ((lang === 'sh' || lang === 'bash') && !/\bnot-run\b/.test(fence[2] ?? '')) blocks.push({ line: i + 1, heading, lines: all.slice(i + 1, end) });
    i = end;
  }
  return blocks;
}

/** Whether a command's text continues on the next line (trailing backslash or an open single quote). */
function continues(text: string): boolean {
  if (/\\$/.test(text)) return true;
  let open = false;
  for (const c of text.replace(/"[^"]*"/g, '')) if (c === "'") open = !open;
  return open;
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A bash glob (for `[[ $out == … ]]`) matching text containing `expected`, `…` meaning anything. */
export function expectationGlob(expected: string): string {
  return `*${expected
    .split('…')
    .map((part) => (part === '' ? '' : sq(part)))
    .join('*')}*`;
}

export interface ExampleScript {
  script: string;
  /** README line of each script line (1-based script line → README line), for failure messages. */
  readmeLine: (scriptLine: number) => number | undefined;
}

/** The bash script that runs `blocks` in order; markers `@@BLOCK <readme line>` go to stdout. */
export function exampleScript(blocks: readonly ExampleBlock[], options: { retrySeconds: number }): ExampleScript {
  const out: string[] = [];
  const map: (number | undefined)[] = [];
  const push = (text: string, readmeLine?: number) => {
    for (const l of text.split('\n')) {
      out.push(l);
      map.push(readmeLine);
    }
  };
  push(`set -eo pipefail
curl() { command curl --fail-with-body "$@"; }
__expect() { # __expect <glob-test-fn> <command>
  local out i
  for ((i = 0; i <= ${options.retrySeconds}; i++)); do
    out=$(eval "$2" 2>&1) || true
    if "$1" "$out"; then printf '%s\\n' "$out"; return 0; fi
    sleep 1
  done
  printf '%s\\n' "$out"; printf '\\n@@EXPECTED %s\\n' "$3"; return 1
}
trap 'printf "\\n@@FAILED %s\\n" "$LINENO"' ERR`);
  let checks = 0;
  for (const block of blocks) {
    push(`printf '\\n@@BLOCK %s\\n' ${block.line}`, block.line);
    const items = parseCommands(block);
    items.forEach((item, k) => {
      if (item.kind === 'expect') return;
      const next = items[k + 1];
      if (item.kind === 'cmd' && next?.kind === 'expect') {
        const fn = `__check_${++checks}`;
        push(`${fn}() { [[ $1 == ${expectationGlob(next.text)} ]]; }`, next.line);
        push(`__expect ${fn} ${sq(item.text)} ${sq(`README.md:${next.line}: ${next.text}`)}`, item.line);
        return;
      }
      push(item.text, item.line);
    });
  }
  return { script: out.join('\n'), readmeLine: (n) => map[n - 1] };
}

type Item = { kind: 'cmd' | 'comment' | 'expect'; text: string; line: number };

/** A block's lines as commands (joined across continuation lines), comments and `# -> ` expectations. */
function parseCommands(block: ExampleBlock): Item[] {
  const items: Item[] = [];
  let current: Item | undefined;
  block.lines.forEach((text, k) => {
    const line = block.line + 1 + k;
    if (current) {
      current.text += `\n${text}`;
      if (!continues(current.text)) current = undefined;
      return;
    }
    const expectation = /^\s*# -> (.*)$/.exec(text);
    if (expectation) return items.push({ kind: 'expect', text: (expectation[1] as string).trim(), line });
    if (/^\s*(#.*)?$/.test(text)) return items.push({ kind: 'comment', text, line });
    const item: Item = { kind: 'cmd', text, line };
    items.push(item);
    if (continues(text)) current = item;
  });
  return items;
}

export interface WalkthroughResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Human-readable account of the failure: README line, block heading, expected text, output tail. */
  failure?: string;
  durationMs: number;
}

/** Runs the README's examples with bash in `cwd` (the clone) and `env` (the paste shell). */
export function runWalkthrough(readme: string, cwd: string, env: NodeJS.ProcessEnv, retrySeconds = 30): WalkthroughResult {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
  const blocks = extractExamples(readme);
  const { script, readmeLine } = exampleScript(blocks, { retrySeconds });
  const started = Date.now();
  const res = spawnSync('bash', ['-c', script], { cwd, env, encoding: 'utf8', timeout: 900_000, maxBuffer: 64 * 1024 * 1024 });
  const durationMs = Date.now() - started;
  const result: WalkthroughResult = { status: res.status, stdout: res.stdout, stderr: res.stderr, durationMs };
  if (res.status !== 0) {
    const failed = /@@FAILED (\d+)/.exec(res.stdout)?.[1];
    const line = failed ? readmeLine(Number(failed)) : undefined;
    const block = [...blocks].reverse().find((b) => line !== undefined && b.line <= line);
    const expected = /@@EXPECTED (.*)/.exec(res.stdout)?.[1];
    const tail = res.stdout.split('@@BLOCK').pop()?.split('\n').slice(-15).join('\n');
    result.failure = [
      `README example failed at README.md:${line ?? '?'} (section "${block?.heading ?? '?'}")${res.error ? `: ${res.error.message}` : ''}`,
      expected ? `expected output: ${expected}` : '',
      `output of the block (tail):\n${tail}`,
      `stderr (tail):\n${res.stderr.split('\n').filter((l) => !l.startsWith('npm warn')).slice(-15).join('\n')}`,
    ]
      .filter(Boolean)
      .join('\n');
  }
  return result;
}
