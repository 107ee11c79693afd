/** The command line of `npm run bench` (after `--`). */
import {parseArgs} from 'node:util';
import {parseCores} from './cpuLimit';

export interface BenchOptions {
  /** Measure the build/ that is there: no clear, no builds. */
  skipBuild: boolean;
  /** How many times the whole Lighthouse set runs. */
  runs: number;
  /** Run the search benchmark too (it takes about half a minute). */
  search: boolean;
  /** Serve text files gzip-encoded, as production hosting does. */
  gzip: boolean;
  /** A git ref to build and measure beside this checkout in the same run (baseline.ts). */
  baseline?: string;
  /** Cores of CPU time the measurements may use (cpuLimit.ts): a slower host on demand. */
  cpus?: number;
}

export const USAGE = `npm run bench [-- options]
  --skip-build   measure the existing build/ (page weight, Lighthouse); keep the build figures of the last full run
  --runs N       run the whole Lighthouse set N times (default 3: the budgets judge performance on the median)
  --no-search    do not run the search benchmark; BENCHMARKS.md shows bench/search.json as it is
  --no-gzip      serve files uncompressed (default: gzip, as a production host)
  --baseline REF also build an earlier commit (cold, timed) and load every page from both builds in each run:
                 BENCHMARKS.md then shows before and after side by side, with two more budgets
  --cpus N       measure as on a slower host: the servers and browsers get at most N cores of CPU
                 time (a cgroup quota; needs root); builds are not limited
  --help         this text`;

export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const {values} = parseArgs({
    args: argv,
    options: {
      'skip-build': {type: 'boolean', default: false},
      runs: {type: 'string', default: '3'},
      'no-search': {type: 'boolean', default: false},
      'no-gzip': {type: 'boolean', default: false},
      baseline: {type: 'string'},
      cpus: {type: 'string'},
      help: {type: 'boolean', default: false},
    },
    strict: true,
  });
  if (values.help) return 'help';
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error(`--runs takes a whole number from 1 to 20, not "${values.runs}"`);
  if (values.baseline !== undefined && values.baseline.trim() === '') throw new Error('--baseline takes a git ref (a commit hash, a tag, HEAD~1)');
  return {
    skipBuild: values['skip-build'],
    runs,
    search: !values['no-search'],
    gzip: !values['no-gzip'],
    ...(values.baseline ? {baseline: values.baseline} : {}),
    ...(values.cpus !== undefined ? {cpus: parseCores(values.cpus)} : {}),
  };
}
