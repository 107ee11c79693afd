/**
 * Samples in other languages, checked for syntax with each language's own tool from Debian:
 * Python (python3's ast module), Ruby (`ruby -c`), Go (`gofmt -e`, which also takes a list of
 * declarations or statements), PHP (`php -l`). A fragment is wrapped only as its language
 * needs: PHP gets an opening `<?php` tag when it has none.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {listDocFiles, parsePage, repoRoot} from '../content/pages';

export interface SyntaxChecker {
  /** The program and arguments; the sample arrives on stdin. */
  command: [string, ...string[]];
  wrap?: (code: string) => string;
  /** Debian package that provides the command. */
  debianPackage: string;
}

export const CHECKERS: Record<string, SyntaxChecker> = {
  python: {command: ['python3', '-c', 'import ast, sys; ast.parse(sys.stdin.read(), "<sample>")'], debianPackage: 'python3'},
  ruby: {command: ['ruby', '-c'], debianPackage: 'ruby'},
  go: {command: ['gofmt', '-e'], debianPackage: 'golang-go'},
  php: {command: ['php', '-l'], wrap: (code) => (/^\s*<\?php/.test(code) ? code : `<?php\n${code}`), debianPackage: 'php-cli'},
};

export function checkSyntax(language: string, code: string): string | undefined {
  const checker = CHECKERS[language];
  if (!checker) return undefined;
  const [command, ...args] = checker.command;
  const result = spawnSync(command, args, {input: checker.wrap ? checker.wrap(code) : code, encoding: 'utf8'});
  if (result.error) {
    throw new Error(`${command} is needed to check ${language} samples: install Debian's ${checker.debianPackage} (scripts/ensure-system-packages.sh does as root)`);
  }
  if (result.status === 0) return undefined;
  const output = `${result.stderr}\n${result.stdout}`.split('\n').map((line) => line.trim()).filter((line) => line && !/^Errors parsing/.test(line));
  return `${language} does not parse: ${output.slice(-2).join(' ')}`;
}

export interface SyntaxReport {
  perLanguage: Record<string, number>;
  problems: string[];
}

export function checkOtherLanguages(files = listDocFiles()): SyntaxReport {
  const report: SyntaxReport = {perLanguage: Object.fromEntries(Object.keys(CHECKERS).map((language) => [language, 0])), problems: []};
  for (const file of files) {
    for (const block of parsePage(file).code) {
      const language = block.language.toLowerCase();
      if (!CHECKERS[language]) continue;
      report.perLanguage[language]! += 1;
      const problem = checkSyntax(language, block.code);
      if (problem) report.problems.push(`${path.relative(repoRoot, file)}:${block.line}: ${problem}`);
    }
  }
  return report;
}
