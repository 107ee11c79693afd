/**
 * The REGEX operator's patterns in the browser. The SDKs compile them with RE2 semantics (the
 * Node.js SDK through re2js) or with the Rust regex crate (Yggdrasil); both refuse lookaround
 * and backreferences, match anywhere in the value, and read inline flags such as (?i). This
 * module translates such a pattern into an equivalent JavaScript RegExp (with the `u` flag) or
 * says why it does not compile.
 *
 * The flavours differ in their character classes: RE2's \d, \w, \s and \b are ASCII, the Rust
 * crate's are Unicode. Known gaps, reported as errors rather than guessed: Rust's nested and
 * set-operation classes, \W and \S inside a Rust class, and the x, u and R flags.
 */

export type RegexFlavor = 're2' | 'rust';
export type RegexCompile = {ok: true; regex: RegExp} | {ok: false; error: string};

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
}

class PatternError extends Error {}

const GENERAL_CATEGORIES = new Set(
  'C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(' '),
);

type Range = [number, number];

const ASCII_CLASSES: Record<string, Range[]> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  ascii: [[0x00, 0x7f]],
  blank: [[0x09, 0x09], [0x20, 0x20]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[0x09, 0x0d], [0x20, 0x20]],
  upper: [[0x41, 0x5a]],
  word: [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]],
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
};

/** RE2's Perl classes (ASCII). */
const PERL_ASCII: Record<string, Range[]> = {
  d: ASCII_CLASSES.digit!,
  w: ASCII_CLASSES.word!,
  s: [[0x09, 0x0a], [0x0c, 0x0d], [0x20, 0x20]],
};

/** The Rust crate's Perl classes (Unicode), as JavaScript class items. */
const PERL_UNICODE: Record<string, string> = {
  d: '\\p{Nd}',
  w: '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}',
  s: '\\p{White_Space}',
};

function complement(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  let next = 0;
  for (const [from, to] of sorted) {
    if (from > next) out.push([next, from - 1]);
    next = Math.max(next, to + 1);
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const hex = (cp: number) => cp.toString(16).toUpperCase();
/** A code point written so that it means itself in and outside a class, with the u flag. */
function literal(cp: number): string {
  const ch = String.fromCodePoint(cp);
  return /[A-Za-z0-9_]/.test(ch) ? ch : `\\u{${hex(cp)}}`;
}
const rangeText = ([from, to]: Range) => (from === to ? literal(from) : `${literal(from)}-${literal(to)}`);
const hasCase = (ch: string) => ch.toLowerCase() !== ch.toUpperCase();

function caseVariants(cp: number): number[] {
  const ch = String.fromCodePoint(cp);
  const out = new Set<number>([cp]);
  for (const variant of [ch.toLowerCase(), ch.toUpperCase()]) {
    if ([...variant].length === 1) out.add(variant.codePointAt(0)!);
  }
  return [...out];
}

interface Translation {
  source: string;
  /** Case-relevant atoms under the i flag, and outside it. */
  caseOn: number;
  caseOff: number;
}

function translate(pattern: string, flavor: RegexFlavor, initial: Flags, emulateCase: boolean): Translation {
  const chars = [...pattern];
  let pos = 0;
  let out = '';
  let caseOn = 0;
  let caseOff = 0;
  const stack: Flags[] = [];
  let flags: Flags = {...initial};
  const fail = (message: string): never => {
    throw new PatternError(message);
  };
  const peek = (offset = 0) => chars[pos + offset];
  const rest = () => chars.slice(pos).join('');

  const noteCase = (relevant: boolean) => {
    if (!relevant) return;
    if (flags.i) caseOn += 1;
    else caseOff += 1;
  };

  const emitChar = (cp: number) => {
    const ch = String.fromCodePoint(cp);
    noteCase(hasCase(ch));
    if (emulateCase && flags.i && hasCase(ch)) out += `[${caseVariants(cp).map(literal).join('')}]`;
    else out += literal(cp);
  };

  const word = flavor === 'rust' ? `[${PERL_UNICODE.w}]` : '[0-9A-Za-z_]';
  const notWord = flavor === 'rust' ? `[^${PERL_UNICODE.w}]` : '[^0-9A-Za-z_]';

  /** \p{…} or \pX as a JavaScript class item; `negated` for \P. */
  const unicodeClass = (negated: boolean): string => {
    let name: string;
    if (peek() === '{') {
      const close = chars.indexOf('}', pos);
      if (close < 0) fail('an unclosed \\p{…} class');
      name = chars.slice(pos + 1, close).join('');
      pos = close + 1;
    } else {
      name = peek() ?? fail('\\p at the end of the pattern');
      pos += 1;
    }
    if (name.startsWith('^')) {
      negated = !negated;
      name = name.slice(1);
    }
    const body = GENERAL_CATEGORIES.has(name) ? name : name === 'Any' ? 'Any' : `Script=${name}`;
    if (body === 'Any') return negated ? '' : '\\u{0}-\\u{10FFFF}';
    return `\\${negated ? 'P' : 'p'}{${body}}`;
  };

  /** Escapes that stand for one code point; returns undefined for anything else. */
  const codePointEscape = (letter: string): number | undefined => {
    switch (letter) {
      case 'n':
        return 0x0a;
      case 't':
        return 0x09;
      case 'r':
        return 0x0d;
      case 'f':
        return 0x0c;
      case 'v':
        return 0x0b;
      case 'a':
        return 0x07;
      case 'x': {
        if (peek() === '{') {
          const close = chars.indexOf('}', pos);
          const digits = close < 0 ? '' : chars.slice(pos + 1, close).join('');
          if (!/^[0-9a-fA-F]{1,6}$/.test(digits) || parseInt(digits, 16) > 0x10ffff) fail('a malformed \\x{…} escape');
          pos = close + 1;
          return parseInt(digits, 16);
        }
        const digits = chars.slice(pos, pos + 2).join('');
        if (!/^[0-9a-fA-F]{2}$/.test(digits)) fail('a malformed \\x escape');
        pos += 2;
        return parseInt(digits, 16);
      }
      default:
        break;
    }
    if (/[0-9]/.test(letter)) {
      if (flavor === 'rust') fail(`backreferences and octal escapes (\\${letter}) are not supported`);
      // RE2: \0 and \1…\7 followed by a digit are octal; a lone \1…\9 is a backreference.
      if (letter !== '0' && !(/[1-7]/.test(letter) && /[0-7]/.test(peek() ?? ''))) fail(`backreferences (\\${letter}) are not supported`);
      let digits = letter;
      while (digits.length < 3 && /[0-7]/.test(peek() ?? '')) {
        digits += peek();
        pos += 1;
      }
      return parseInt(digits, 8);
    }
    if (/[A-Za-z]/.test(letter)) return undefined;
    return letter.codePointAt(0);
  };

  const parseClass = () => {
    // pos is just after '['
    let negate = false;
    if (peek() === '^') {
      negate = true;
      pos += 1;
    }
    const ranges: Range[] = [];
    const items: string[] = [];
    let first = true;
    let relevant = false;
    const singleAt = (): number | 'class' => {
      // one item: a code point, or a whole class pushed into ranges/items
      const ch = peek() ?? fail('an unclosed character class');
      if (ch === '[' && peek(1) === ':') {
        const match = /^\[:(\^)?([a-z]+):\]/.exec(rest());
        if (match) {
          const set = ASCII_CLASSES[match[2]!] ?? fail(`an unknown class [:${match[2]}:]`);
          ranges.push(...(match[1] ? complement(set) : set));
          if (match[2] === 'alpha' || match[2] === 'alnum' || match[2] === 'lower' || match[2] === 'upper') relevant = true;
          pos += [...match[0]].length;
          return 'class';
        }
      }
      if (ch === '[' && flavor === 'rust') fail('nested character classes are not interpreted by the sandbox');
      if (flavor === 'rust' && (rest().startsWith('&&') || rest().startsWith('--') || rest().startsWith('~~'))) {
        fail('character class set operations are not interpreted by the sandbox');
      }
      pos += 1;
      if (ch !== '\\') return ch.codePointAt(0)!;
      const letter = peek() ?? fail('a backslash at the end of the pattern');
      pos += 1;
      const lower = letter.toLowerCase();
      if ('dws'.includes(lower) && /[dwsDWS]/.test(letter)) {
        const negated = letter !== lower;
        if (flavor === 're2') {
          ranges.push(...(negated ? complement(PERL_ASCII[lower]!) : PERL_ASCII[lower]!));
        } else {
          if (negated && lower === 'w') fail('\\W inside a class is not interpreted by the sandbox');
          if (negated && lower === 's') items.push('\\P{White_Space}');
          else if (negated) items.push('\\P{Nd}');
          else items.push(PERL_UNICODE[lower]!);
        }
        return 'class';
      }
      if (letter === 'p' || letter === 'P') {
        items.push(unicodeClass(letter === 'P'));
        return 'class';
      }
      if (letter === 'Q' || letter === 'E' || letter === 'b' || letter === 'B' || letter === 'A' || letter === 'z') {
        fail(`\\${letter} is not allowed inside a character class`);
      }
      return codePointEscape(letter) ?? fail(`an unknown escape \\${letter}`);
    };
    for (;;) {
      const ch = peek() ?? fail('an unclosed character class');
      if (ch === ']' && !first) {
        pos += 1;
        break;
      }
      first = false;
      const from = singleAt();
      if (from === 'class') continue;
      if (peek() === '-' && peek(1) !== undefined && peek(1) !== ']') {
        pos += 1;
        const to = singleAt();
        if (to === 'class') throw new PatternError('a range that ends in a class');
        if (to < from) throw new PatternError('a range whose end comes before its start');
        ranges.push([from, to]);
      } else {
        ranges.push([from, from]);
      }
    }
    for (const [from, to] of ranges) {
      for (let cp = from; cp <= to && cp - from < 512; cp += 1) {
        if (hasCase(String.fromCodePoint(cp))) relevant = true;
      }
    }
    noteCase(relevant);
    let all = ranges;
    if (emulateCase && flags.i) {
      all = [...ranges];
      for (const [from, to] of ranges) {
        if (to - from > 512) continue;
        for (let cp = from; cp <= to; cp += 1) for (const variant of caseVariants(cp)) all.push([variant, variant]);
      }
    }
    out += `[${negate ? '^' : ''}${all.map(rangeText).join('')}${items.join('')}]`;
  };

  const quantifierSuffix = () => {
    let lazy = false;
    if (peek() === '?') {
      lazy = true;
      pos += 1;
    }
    if (peek() === '+' || peek() === '*') fail('a repetition operator after another');
    return lazy !== flags.U ? '?' : '';
  };

  const readFlags = (text: string): Flags => {
    const next = {...flags};
    let on = true;
    if (text === '' || text.endsWith('-')) fail(`a malformed flag group (?${text})`);
    for (const letter of text) {
      if (letter === '-') {
        if (!on) fail('a flag group with two minus signs');
        on = false;
      } else if (letter === 'i' || letter === 'm' || letter === 's' || letter === 'U') {
        next[letter] = on;
      } else if (flavor === 'rust' && 'uxR'.includes(letter)) {
        fail(`the flag ${letter} is not interpreted by the sandbox`);
      } else {
        fail(`an unknown flag ${letter}`);
      }
    }
    return next;
  };

  while (pos < chars.length) {
    const ch = chars[pos]!;
    pos += 1;
    switch (ch) {
      case '\\': {
        const letter = peek() ?? fail('a backslash at the end of the pattern');
        pos += 1;
        if (letter === 'A') out += '(?<![\\s\\S])';
        else if (letter === 'z') out += '(?![\\s\\S])';
        else if (letter === 'b' || letter === 'B') {
          out += flavor === 're2' ? `\\${letter}` : letter === 'b' ? `(?:(?<=${word})(?!${word})|(?<!${word})(?=${word}))` : `(?:(?<=${word})(?=${word})|(?<!${word})(?!${word}))`;
        } else if (/[dwsDWS]/.test(letter)) {
          const lower = letter.toLowerCase();
          const negated = letter !== lower;
          if (flavor === 're2') out += `[${negated ? '^' : ''}${PERL_ASCII[lower]!.map(rangeText).join('')}]`;
          else if (lower === 'w') out += negated ? notWord : word;
          else out += negated ? (lower === 'd' ? '\\P{Nd}' : '\\P{White_Space}') : PERL_UNICODE[lower]!;
        } else if (letter === 'p' || letter === 'P') {
          const item = unicodeClass(letter === 'P');
          out += item === '' ? '[]' : `[${item}]`;
        } else if (letter === 'Q') {
          if (flavor === 'rust') fail('\\Q…\\E quoting is not supported');
          const end = rest().indexOf('\\E');
          const quoted = end < 0 ? rest() : rest().slice(0, end);
          for (const q of quoted) emitChar(q.codePointAt(0)!);
          pos += [...quoted].length + (end < 0 ? 0 : 2);
        } else if (letter === 'E' && flavor === 're2') {
          // a stray \E ends nothing; RE2 ignores it
        } else {
          const cp = codePointEscape(letter);
          if (cp === undefined) fail(`an unknown escape \\${letter}`);
          emitChar(cp!);
        }
        break;
      }
      case '[':
        parseClass();
        break;
      case '(': {
        if (peek() !== '?') {
          stack.push(flags);
          out += '(';
          break;
        }
        const text = rest();
        const named = /^\?P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(text);
        if (named) {
          stack.push(flags);
          out += `(?<${named[1]}>`;
          pos += named[0].length;
          break;
        }
        if (/^\?(=|!|<=|<!)/.test(text)) fail('lookaround assertions are not supported');
        const flagGroup = /^\?([A-Za-z-]*)([:)])/.exec(text);
        if (!flagGroup) fail(`an unsupported group (${text.slice(0, 3)}`);
        pos += flagGroup![0].length;
        if (flagGroup![2] === ')') {
          if (flagGroup![1] === '') fail('an empty flag group');
          flags = readFlags(flagGroup![1]!);
        } else {
          stack.push(flags);
          flags = flagGroup![1] === '' ? flags : readFlags(flagGroup![1]!);
          out += '(?:';
        }
        break;
      }
      case ')':
        if (stack.length === 0) fail('an unmatched closing parenthesis');
        flags = stack.pop()!;
        out += ')';
        break;
      case '|':
        out += '|';
        break;
      case '.':
        out += flags.s ? '[\\s\\S]' : '[^\\n]';
        break;
      case '^':
        out += flags.m ? '(?<![^\\n])' : '^';
        break;
      case '$':
        out += flags.m ? '(?![^\\n])' : '$';
        break;
      case '*':
      case '+':
      case '?':
        out += ch + quantifierSuffix();
        break;
      case '{': {
        const repeat = /^(\d+)(?:(,)(\d*))?\}/.exec(rest());
        if (!repeat) {
          out += literal(0x7b);
          break;
        }
        const min = Number(repeat[1]);
        const max = repeat[3] ? Number(repeat[3]) : repeat[2] ? Infinity : min;
        if (max < min) fail(`a repetition {${repeat[0]} whose maximum is below its minimum`);
        if (min > 1000 || (max !== Infinity && max > 1000)) fail('a repetition count above 1000');
        pos += repeat[0].length;
        out += `{${repeat[0]}${quantifierSuffix()}`;
        break;
      }
      default:
        emitChar(ch.codePointAt(0)!);
    }
  }
  if (stack.length > 0) fail('a missing closing parenthesis');
  return {source: out, caseOn, caseOff};
}

/**
 * Compiles an SDK regular expression. `caseInsensitive` is the constraint's flag (it switches
 * on i for the whole pattern).
 */
export function compileSdkRegex(pattern: string, caseInsensitive: boolean, flavor: RegexFlavor): RegexCompile {
  const initial: Flags = {i: caseInsensitive, m: false, s: false, U: false};
  try {
    let translation = translate(pattern, flavor, initial, false);
    let jsFlags = 'u';
    if (translation.caseOn > 0 && translation.caseOff > 0) translation = translate(pattern, flavor, initial, true);
    else if (translation.caseOn > 0) jsFlags += 'i';
    return {ok: true, regex: new RegExp(translation.source, jsFlags)};
  } catch (error) {
    const message = error instanceof PatternError ? error.message : error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    return {ok: false, error: message};
  }
}
