/**
 * Reads a curl command's arguments into the HTTP request it makes. Used on the exact argument
 * lists the runner's curl wrapper records (so the runner knows which request each answer
 * belongs to and where the body went), and on the words of samples that only get a syntax
 * check. Only the options the pages use are known; any other option is reported, so a sample
 * cannot quietly carry an option nobody has read.
 */

export interface CurlRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  /** `-d`, `--data`, `--data-raw`, `--data-binary` values in order; `@file` kept as written. */
  data: string[];
  /** `--data-urlencode` values. */
  urlencoded: string[];
  /** `-F` parts. */
  form: string[];
  /** `-u user:password`. */
  user?: string;
  /** `-o` target. */
  output?: string;
  /** `-i`: the headers are written before the body. */
  include: boolean;
  /** `-f`: curl exits 22 on a 4xx or 5xx answer. */
  fail: boolean;
}

/** Options that take a value, by every spelling the pages may use. */
const WITH_VALUE: Record<string, string> = {
  '-X': 'request', '--request': 'request',
  '-H': 'header', '--header': 'header',
  '-d': 'data', '--data': 'data', '--data-raw': 'data', '--data-binary': 'data', '--data-ascii': 'data',
  '--data-urlencode': 'urlencode',
  '-F': 'form', '--form': 'form',
  '-u': 'user', '--user': 'user',
  '-o': 'output', '--output': 'output',
  '-w': 'write-out', '--write-out': 'write-out',
  '-m': 'max-time', '--max-time': 'max-time', '--connect-timeout': 'max-time',
  '-A': 'user-agent', '--user-agent': 'user-agent',
};

/** Flags without a value. */
const FLAGS: Record<string, string> = {
  '-s': 'silent', '--silent': 'silent',
  '-S': 'show-error', '--show-error': 'show-error',
  '-f': 'fail', '--fail': 'fail', '--fail-with-body': 'fail',
  '-i': 'include', '--include': 'include',
  '-G': 'get', '--get': 'get',
  '-L': 'location', '--location': 'location',
  '-v': 'verbose', '--verbose': 'verbose',
  '-k': 'insecure', '--insecure': 'insecure',
  '-I': 'head', '--head': 'head',
  '--compressed': 'compressed',
};

export class CurlSyntaxError extends Error {}

/** Splits bundled short flags (`-sSf`, `-sX POST`) into single ones. */
function expandShort(arg: string): string[] {
  if (!/^-[A-Za-z]{2,}$/.test(arg)) return [arg];
  const out: string[] = [];
  for (const letter of arg.slice(1)) out.push(`-${letter}`);
  return out;
}

/** `args` are the words after `curl`. */
export function parseCurl(args: readonly string[]): CurlRequest {
  const request: CurlRequest = {method: '', url: '', headers: [], data: [], urlencoded: [], form: [], include: false, fail: false};
  let explicitMethod: string | undefined;
  let get = false;
  let head = false;
  const urls: string[] = [];
  const queue = [...args];
  while (queue.length > 0) {
    const raw = queue.shift()!;
    if (raw.startsWith('-') && raw.length > 1) {
      // --name=value
      const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
      const name = eq > 0 ? raw.slice(0, eq) : raw;
      const expanded = eq > 0 ? [name] : expandShort(name);
      for (let k = 0; k < expanded.length; k += 1) {
        const option = expanded[k]!;
        if (option in FLAGS) {
          const flag = FLAGS[option]!;
          if (flag === 'include') request.include = true;
          if (flag === 'fail') request.fail = true;
          if (flag === 'get') get = true;
          if (flag === 'head') head = true;
          continue;
        }
        if (!(option in WITH_VALUE)) throw new CurlSyntaxError(`unknown curl option ${option}`);
        // A value-taking short option inside a bundle takes the next argument only when last.
        if (k !== expanded.length - 1) throw new CurlSyntaxError(`${option} needs a value but is bundled in ${raw}`);
        const value = eq > 0 ? raw.slice(eq + 1) : queue.shift();
        if (value === undefined) throw new CurlSyntaxError(`${option} needs a value`);
        switch (WITH_VALUE[option]) {
          case 'request':
            explicitMethod = value;
            break;
          case 'header': {
            const colon = value.indexOf(':');
            if (colon <= 0) throw new CurlSyntaxError(`header "${value}" has no name`);
            request.headers.push([value.slice(0, colon).trim(), value.slice(colon + 1).trim()]);
            break;
          }
          case 'data':
            request.data.push(value);
            break;
          case 'urlencode':
            request.urlencoded.push(value);
            break;
          case 'form':
            request.form.push(value);
            break;
          case 'user':
            request.user = value;
            break;
          case 'output':
            request.output = value;
            break;
          default:
            break;
        }
      }
      continue;
    }
    urls.push(raw);
  }
  if (urls.length !== 1) throw new CurlSyntaxError(urls.length === 0 ? 'no URL' : `more than one URL: ${urls.join(' ')}`);
  let url = urls[0]!;
  const hasBody = request.data.length > 0 || request.urlencoded.length > 0;
  if (get && hasBody) {
    const query = [...request.data, ...request.urlencoded.map(encodeUrlencodeArgument)].join('&');
    url += (url.includes('?') ? '&' : '?') + query;
  }
  request.url = url;
  request.method = explicitMethod ?? (head ? 'HEAD' : get ? 'GET' : hasBody || request.form.length > 0 ? 'POST' : 'GET');
  if (!/^[A-Z]+$/.test(request.method)) throw new CurlSyntaxError(`method "${request.method}" is not an HTTP method`);
  return request;
}

/** `name=value` as curl's --data-urlencode sends it: the value percent-encoded. */
export function encodeUrlencodeArgument(argument: string): string {
  const eq = argument.indexOf('=');
  if (eq < 0) return encodeURIComponent(argument);
  return `${argument.slice(0, eq)}=${encodeURIComponent(argument.slice(eq + 1))}`;
}

export function header(request: CurlRequest, name: string): string | undefined {
  return request.headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

/**
 * Syntax problems a reader would hit before the server answers: a JSON body that does not
 * parse (when the request says it is JSON), a URL that is not absolute.
 */
export function requestProblems(request: CurlRequest): string[] {
  const problems: string[] = [];
  if (!/^https?:\/\/[^/\s]+/.test(request.url)) problems.push(`URL "${request.url}" is not an absolute http(s) URL`);
  const type = header(request, 'content-type') ?? '';
  if (type.includes('json')) {
    for (const body of request.data) {
      if (body.startsWith('@')) continue;
      try {
        JSON.parse(body);
      } catch (error) {
        problems.push(`the JSON body does not parse: ${(error as Error).message}`);
      }
    }
  }
  return problems;
}
