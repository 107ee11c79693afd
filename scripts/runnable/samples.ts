/**
 * The HTTP requests on the hand-written pages, found in their code blocks (scripts/content/
 * pages.ts reads the pages):
 *
 * - a request block is a shell block (bash, sh, shell, zsh, console) with a `curl` command, or
 *   a block of any language with a `fetch(…)` call in it;
 * - a block titled with a file name (```` ```json title="checkout-production.json" ````) is a
 *   file the reader saves; it is written to the page's working folder before the samples after
 *   it run, so `curl -d @checkout-production.json` reads it;
 * - a shell block that only sets variables (`export UNLEASH_URL="<your-unleash-url>"`) runs too,
 *   in its place, because the request blocks after it use them;
 * - a shown response is the first code block after a request block, and before the next one,
 *   whose title starts with "Response" (```` ```json title="Response" ````). Blocks between them
 *   carry another title (an older version's answer: `title="Unleash 4.3 and earlier"`). A status
 *   code in the title (`title="Response: 403 Forbidden"`) or an `HTTP/1.1 202 Accepted` first
 *   line is the status the page states; without one, any 2xx or 3xx answer is right. It belongs
 *   to the last request the block makes.
 */
import path from 'node:path';
import {listDocFiles, parsePage, repoRoot, type CodeBlock, type DocPage} from '../content/pages';
import {CurlSyntaxError, parseCurl, requestProblems, type CurlRequest} from './curl';
import {commandWords, splitCommands} from './shell';

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

export const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell', 'zsh', 'console']);

export interface StaticRequest {
  /** 1-based line on the page. */
  line: number;
  /** What the command says, as written (`curl -X POST …`, `fetch('…')`). */
  text: string;
  /** The request, when the words could be read. */
  request?: CurlRequest;
  /** Why the words could not be read, or what is wrong with them. */
  problems: string[];
}

export interface ShownResponse {
  line: number;
  title: string;
  /** The status the page states. */
  status?: number;
  /** The shown body, when it is JSON. */
  json?: Json;
  /** The shown body, when it is not JSON (text, Prometheus exposition…). */
  text?: string;
}

export interface RequestSample {
  /** Page file relative to the repository root (`docs/…`). */
  file: string;
  route: string;
  block: CodeBlock;
  /** Index of the block among the page's code blocks. */
  index: number;
  /** `variables`: a block that only sets shell variables; it makes no request. */
  kind: 'shell' | 'fetch' | 'variables';
  requests: StaticRequest[];
  response?: ShownResponse;
}

/** A file the page tells the reader to save. */
export interface PageFile {
  name: string;
  content: string;
  /** Index of the block among the page's code blocks. */
  index: number;
}

export interface PageSamples {
  page: DocPage;
  file: string;
  samples: RequestSample[];
  files: PageFile[];
  /** Blocks that follow a request block and neither are a response nor say what they are. */
  unlabelled: CodeBlock[];
}

/** A title that is a plain file name in the working folder. */
const FILE_TITLE = /^[\w.-]+\.(json|ya?ml|csv|txt)$/;

const FETCH_CALL = /\bfetch\(\s*(?:(['"`])((?:(?!\1).)*)\1|([^)\s,]+))/g;

export function titleOf(meta: string): string | undefined {
  return /title=(["'])(.*?)\1/.exec(meta)?.[2];
}

function curlRequests(block: CodeBlock): StaticRequest[] {
  let commands;
  try {
    commands = splitCommands(block.code);
  } catch (error) {
    return [{line: block.line + 1, text: block.code.split('\n')[0]!, problems: [`the shell words do not parse: ${(error as Error).message}`]}];
  }
  const lines = block.code.split('\n');
  return commands
    .filter((command) => commandWords(command)[0]?.text === 'curl')
    .map((command) => {
      const words = commandWords(command);
      const text = lines[command.line - 1]!.trim();
      try {
        const request = parseCurl(words.slice(1).map((word) => word.text));
        return {line: block.line + command.line, text, request, problems: staticProblems(request)};
      } catch (error) {
        if (error instanceof CurlSyntaxError) return {line: block.line + command.line, text, problems: [error.message]};
        throw error;
      }
    });
}

/**
 * What can be told without running: the URL (with a server placeholder read as an address) and
 * JSON bodies. Parts that come from shell variables are only known when bash runs the block.
 */
function staticProblems(request: CurlRequest): string[] {
  const url = request.url.replace(/<[a-z-]*url>/g, 'https://unleash.example.com');
  const readable = {...request, url: url.includes('$') ? 'https://unleash.example.com' : url, data: request.data.filter((body) => !body.includes('$'))};
  return requestProblems(readable);
}

function fetchRequests(block: CodeBlock): StaticRequest[] {
  const out: StaticRequest[] = [];
  for (const match of block.code.matchAll(FETCH_CALL)) {
    const line = block.line + block.code.slice(0, match.index).split('\n').length;
    const literal = match[2];
    if (literal === undefined) {
      // Not a request the runner can make by itself; it has to be listed as not runnable.
      out.push({line, text: match[0], problems: []});
    } else {
      out.push({line, text: match[0], request: {method: 'GET', url: literal, headers: [], data: [], urlencoded: [], form: [], include: false, fail: false}, problems: []});
    }
  }
  return out;
}

export function readResponse(block: CodeBlock): ShownResponse | undefined {
  const title = titleOf(block.meta);
  if (!title || !/^Response\b/.test(title)) return undefined;
  const response: ShownResponse = {line: block.line, title};
  const stated = /\b([1-5]\d\d)\b/.exec(title);
  if (stated) response.status = Number(stated[1]);
  let body = block.code;
  const statusLine = /^HTTP\/[\d.]+ (\d{3})\b.*(?:\n|$)/.exec(body);
  if (statusLine) {
    response.status ??= Number(statusLine[1]);
    // Headers, if shown, end at the first empty line.
    const end = body.indexOf('\n\n');
    body = end < 0 ? '' : body.slice(end + 2);
  }
  if (block.language === 'json' && body.trim()) response.json = JSON.parse(body) as Json;
  else if (body.trim()) response.text = body;
  return response;
}

/** Whether every command of a block is `NAME=value` or `export NAME=value`. */
export function onlySetsVariables(code: string): boolean {
  let commands;
  try {
    commands = splitCommands(code);
  } catch {
    return false;
  }
  return commands.length > 0 && commands.every((command) => {
    const words = command.words[0]?.text === 'export' ? command.words.slice(1) : command.words;
    return words.length > 0 && words.every((word) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text));
  });
}

export function samplesOf(page: DocPage): PageSamples {
  const file = path.relative(repoRoot, page.file);
  const samples: RequestSample[] = [];
  const unlabelled: CodeBlock[] = [];
  const files: PageFile[] = [];
  page.code.forEach((block, index) => {
    const title = titleOf(block.meta);
    if (title && FILE_TITLE.test(title)) files.push({name: title, content: `${block.code}\n`, index});
    const shell = SHELL_LANGUAGES.has(block.language.toLowerCase());
    const curls = shell && /\bcurl\b/.test(block.code) ? curlRequests(block) : [];
    const fetches = fetchRequests(block);
    if (shell && curls.length === 0 && fetches.length === 0 && onlySetsVariables(block.code)) {
      samples.push({file, route: page.route, block, index, kind: 'variables', requests: []});
      return;
    }
    if (curls.length === 0 && fetches.length === 0) return;
    // Only calls that reach an HTTP server: Ruby's Hash#fetch, for one, is not one.
    if (curls.length === 0 && !shell && !['js', 'javascript', 'jsx', 'ts', 'typescript', 'tsx', 'mjs', 'yaml', 'yml'].includes(block.language.toLowerCase())) return;
    samples.push({file, route: page.route, block, index, kind: curls.length > 0 ? 'shell' : shell ? 'shell' : 'fetch', requests: [...curls, ...fetches]});
  });
  // Pair each request block with its shown response; a JSON or text block right after a
  // request that is not titled leaves the reader guessing what it is.
  const starts = new Set(samples.map((sample) => sample.index));
  for (const sample of samples) {
    if (sample.kind === 'variables') continue;
    for (let next = sample.index + 1; next < page.code.length && !starts.has(next); next += 1) {
      const block = page.code[next]!;
      const response = readResponse(block);
      if (response) {
        sample.response = response;
        break;
      }
      if (!titleOf(block.meta)) {
        if (next === sample.index + 1 && ['json', 'text'].includes(block.language)) unlabelled.push(block);
        break;
      }
    }
  }
  return {page, file, samples, files, unlabelled};
}

/** Every hand-written page with at least one request. */
export function collectSamples(files = listDocFiles()): PageSamples[] {
  return files.map((file) => samplesOf(parsePage(file))).filter((page) => page.samples.some((sample) => sample.kind !== 'variables'));
}
