import {describe, expect, it} from 'vitest';

/** These read every page or the whole Admin UI bundle; on two busy cores that takes minutes. */
const WHOLE_SITE_TIMEOUT = 240_000;
import {checkOtherLanguages, checkSyntax} from './otherLanguages';

describe('syntax of Python, Ruby, Go and PHP samples', () => {
  it('accepts valid code and fragments', () => {
    expect(checkSyntax('python', 'if client.is_enabled("x"):\n    print("on")\n')).toBeUndefined();
    expect(checkSyntax('ruby', 'if unleash.is_enabled?("x")\n  puts "on"\nend\n')).toBeUndefined();
    expect(checkSyntax('go', 'if unleash.IsEnabled("x") {\n\tfmt.Println("on")\n}\n')).toBeUndefined();
    expect(checkSyntax('php', '$enabled = $unleash->isEnabled("x");')).toBeUndefined();
  });

  it('reports what does not parse', () => {
    expect(checkSyntax('python', 'if x\n  pass')).toMatch(/^python does not parse: .*SyntaxError|python does not parse/);
    expect(checkSyntax('ruby', 'if x\n  puts 1\n')).toMatch(/^ruby does not parse/);
    expect(checkSyntax('go', 'func main() {')).toMatch(/^go does not parse/);
    expect(checkSyntax('php', '$x = ;')).toMatch(/^php does not parse/);
  });

  it('passes on every sample in docs/', () => {
    const report = checkOtherLanguages();
    console.log(`Other languages, syntax checked: ${Object.entries(report.perLanguage).map(([language, count]) => `${language} ${count}`).join(', ')}`);
    expect(report.problems).toEqual([]);
  }, WHOLE_SITE_TIMEOUT);
});
