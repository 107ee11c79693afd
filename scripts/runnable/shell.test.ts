import {describe, expect, it} from 'vitest';
import {assignedVariables, commandWords, splitCommands} from './shell';

const words = (source: string) => splitCommands(source).map((command) => command.words.map((word) => word.text));

describe('splitCommands', () => {
  it('joins continued lines and removes quotes, keeping expansions as written', () => {
    const [command] = splitCommands(`curl -X POST "$URL/api/admin/x" \\\n  -H 'Content-Type: application/json' \\\n  -d '{"a": "b c"}'`);
    expect(command!.words.map((word) => word.text)).toEqual(['curl', '-X', 'POST', '$URL/api/admin/x', '-H', 'Content-Type: application/json', '-d', '{"a": "b c"}']);
    expect(command!.words[3]!.expands).toBe(true);
    expect(command!.words[7]!.expands).toBe(false);
  });

  it('ends commands at newlines and operators, and leaves out comments and redirections', () => {
    expect(words('# a comment\ncurl -s a | jq .x > out.json 2>&1 && echo "done"; b <<<"$v"')).toEqual([['curl', '-s', 'a'], ['jq', '.x'], ['echo', 'done'], ['b']]);
  });

  it('reads escaped quotes in double quotes and finds commands inside $( )', () => {
    const commands = splitCommands('v="$(curl -d "{\\"n\\": 1}" u)"\n');
    expect(commands.map((command) => command.words.map((word) => word.text))).toEqual([['v=$(curl -d "{\\"n\\": 1}" u)'], ['curl', '-d', '{"n": 1}', 'u']]);
  });

  it('gives each command the line it starts on and reports unterminated quotes', () => {
    expect(splitCommands('a\n\nb \\\n c').map((command) => command.line)).toEqual([1, 3]);
    expect(() => splitCommands("curl 'x")).toThrow(/unterminated single quote/);
  });
});

describe('commandWords and assignedVariables', () => {
  it('skips leading assignments and lists the variables a block sets', () => {
    expect(commandWords(splitCommands('A=1 B=2 curl u')[0]!).map((word) => word.text)).toEqual(['curl', 'u']);
    expect(assignedVariables('UNLEASH_URL="x"\nexport TOKEN=y\ncurl "$UNLEASH_URL"')).toEqual(['UNLEASH_URL', 'TOKEN']);
  });
});
