/**
 * Enough of the shell's word splitting to find the curl commands in a code block without
 * running it: quotes, backslash escapes and line continuations, comments, `$(…)`, and the
 * operators that end a command (newline, `;`, `|`, `&&`, `||`, `&`). Redirections and their
 * targets are left out of the words. Runnable samples are executed by bash itself (run.ts);
 * this reading serves the samples that only get a syntax check, and the counts.
 */

export interface ShellWord {
  /** The word after quote removal; expansions are kept as written (`$TOKEN`). */
  text: string;
  /** Whether an unquoted or double-quoted `$` expansion is part of it. */
  expands: boolean;
}

export interface ShellCommand {
  words: ShellWord[];
  /** 1-based line within the block where the command starts. */
  line: number;
}

const OPERATORS = ['&&', '||', ';;', '|', ';', '&', '\n'];
/** A redirection operator, with the file descriptor before it when there is one. */
const REDIRECT = /^(\d*)(>>|>&|<<<|<<|<&|>|<)/;

/** Splits a block into simple commands. Commands inside `$(…)` are returned too, after the outer one. */
export function splitCommands(source: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  const nested: ShellCommand[] = [];
  let words: ShellWord[] = [];
  let word: ShellWord | undefined;
  let line = 1;
  let commandLine = 1;
  let skipNextWord = false;
  const finishWord = () => {
    if (!word) return;
    if (skipNextWord) skipNextWord = false;
    else words.push(word);
    word = undefined;
  };
  const finishCommand = () => {
    finishWord();
    if (words.length > 0) commands.push({words, line: commandLine});
    words = [];
  };
  const current = () => {
    if (!word) {
      if (words.length === 0) commandLine = line;
      word = {text: '', expands: false};
    }
    return word;
  };
  const substitution = (open: number): number => {
    const end = matchingParen(source, open + 1);
    const startLine = line;
    nested.push(...splitCommands(source.slice(open + 2, end)).map((command) => ({...command, line: startLine + command.line - 1})));
    const text = source.slice(open, end + 1);
    line += text.split('\n').length - 1;
    const w = current();
    w.text += text;
    w.expands = true;
    return end + 1;
  };

  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '\\' && source[i + 1] === '\n') {
      i += 2;
      line += 1;
    } else if (ch === '\\') {
      current().text += source[i + 1] ?? '';
      i += 2;
    } else if (ch === '#' && !word) {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (ch === "'") {
      const end = source.indexOf("'", i + 1);
      if (end < 0) throw new Error(`line ${line}: unterminated single quote`);
      const text = source.slice(i + 1, end);
      current().text += text;
      line += text.split('\n').length - 1;
      i = end + 1;
    } else if (ch === '"') {
      const w = current();
      i += 1;
      while (i < source.length && source[i] !== '"') {
        if (source[i] === '\\' && /["\\$`\n]/.test(source[i + 1] ?? '')) {
          if (source[i + 1] === '\n') line += 1;
          else w.text += source[i + 1];
          i += 2;
        } else if (source[i] === '$' && source[i + 1] === '(') {
          i = substitution(i);
        } else {
          if (source[i] === '$') w.expands = true;
          if (source[i] === '\n') line += 1;
          w.text += source[i];
          i += 1;
        }
      }
      if (i >= source.length) throw new Error(`line ${line}: unterminated double quote`);
      i += 1;
    } else if (ch === '$' && source[i + 1] === '(') {
      i = substitution(i);
    } else if (ch === '$') {
      current().expands = true;
      current().text += ch;
      i += 1;
    } else if (OPERATORS.some((op) => source.startsWith(op, i))) {
      const operator = OPERATORS.find((op) => source.startsWith(op, i))!;
      finishCommand();
      if (operator === '\n') line += 1;
      i += operator.length;
    } else if (/\s/.test(ch)) {
      finishWord();
      i += 1;
    } else if ((!word || /^\d+$/.test(word.text)) && REDIRECT.test(source.slice(i))) {
      // A redirection: neither it nor its target is a word of the command.
      const [, , operator] = REDIRECT.exec(source.slice(i))!;
      word = undefined;
      i += operator!.length;
      if (operator!.endsWith('&') && /^[\d-]/.test(source.slice(i))) {
        while (i < source.length && /[\d-]/.test(source[i]!)) i += 1;
      } else {
        skipNextWord = true;
        while (source[i] === ' ') i += 1;
      }
    } else {
      current().text += ch;
      i += 1;
    }
  }
  finishCommand();
  return [...commands, ...nested];
}

function matchingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const ch = source[i];
    if (ch === "'") {
      i = source.indexOf("'", i + 1);
      if (i < 0) break;
    } else if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error('unterminated $(');
}

/** The words of a command after leading `NAME=value` assignments. */
export function commandWords(command: ShellCommand): ShellWord[] {
  let start = 0;
  while (start < command.words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(command.words[start]!.text)) start += 1;
  return command.words.slice(start);
}

/** Shell variables a block assigns (`NAME=…` or `export NAME=…` at the start of a command). */
export function assignedVariables(source: string): string[] {
  const names = new Set<string>();
  for (const command of splitCommands(source)) {
    const words = command.words[0]?.text === 'export' ? command.words.slice(1) : command.words;
    for (const word of words) {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word.text);
      if (!match) break;
      names.add(match[1]!);
    }
  }
  return [...names];
}
