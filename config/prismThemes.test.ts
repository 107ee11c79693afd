import {describe, expect, it} from 'vitest';
import {themes} from 'prism-react-renderer';
import {MIN_CONTRAST, contrastRatio, darkCodeTheme, lightCodeTheme, parseColor, withContrast} from './prismThemes';

describe('code highlighting themes', () => {
  it('measure contrast as WCAG defines it', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#36acaa')!, parseColor('#f6f8fa')!)).toBeCloseTo(2.58, 2);
  });

  it('leave colours with enough contrast as they are and move the others just past 4.5:1', () => {
    expect(withContrast('#393A34', '#f6f8fa')).toBe('#393A34');
    const fixed = withContrast('#36acaa', '#f6f8fa');
    const ratio = contrastRatio(parseColor(fixed)!, parseColor('#f6f8fa')!);
    expect(ratio).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(ratio).toBeLessThan(5);
    // On a dark background colours are lightened, not darkened.
    const comment = parseColor(withContrast('rgb(98, 114, 164)', '#282A36'))!;
    expect(comment[2]).toBeGreaterThan(164);
  });

  it('give every token colour of both themes at least 4.5:1 against the code background', () => {
    for (const [theme, original] of [[lightCodeTheme, themes.github], [darkCodeTheme, themes.dracula]] as const) {
      const background = parseColor(theme.plain.backgroundColor!)!;
      expect(theme.styles).toHaveLength(original.styles.length);
      for (const {style, types} of theme.styles) {
        if (!style.color) continue;
        expect(contrastRatio(parseColor(style.color)!, background), types.join(',')).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    }
  });
});
