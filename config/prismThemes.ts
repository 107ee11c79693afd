/**
 * Code highlighting themes with every token colour at WCAG AA contrast (4.5:1) against the
 * code background. Prism's GitHub and Dracula themes have several colours below it (GitHub's
 * teal parameters 2.6:1, Dracula's comments 3.0:1); those are darkened (light theme) or
 * lightened (dark theme) just enough, so the themes keep their look.
 */
import {themes, type PrismTheme} from 'prism-react-renderer';

type Rgb = readonly [number, number, number];

export const MIN_CONTRAST = 4.5;

export function parseColor(color: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(color.trim());
  return rgb ? ([Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] as const) : undefined;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const toHex = (rgb: Rgb) => `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/** The colour itself when it has enough contrast, else the nearest mix towards black or white that has. */
export function withContrast(color: string, background: string, min = MIN_CONTRAST): string {
  const foreground = parseColor(color);
  const back = parseColor(background);
  if (!foreground || !back || contrastRatio(foreground, back) >= min) return color;
  const target: Rgb = luminance(back) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 100; step += 1) {
    const mixed = foreground.map((value, index) => value + ((target[index]! - value) * step) / 100) as unknown as Rgb;
    if (contrastRatio(mixed, back) >= min) return toHex(mixed);
  }
  return toHex(target);
}

export function accessibleTheme(theme: PrismTheme): PrismTheme {
  const background = theme.plain.backgroundColor ?? '#ffffff';
  const fix = (color: string | undefined) => (color ? withContrast(color, background) : color);
  return {
    plain: {...theme.plain, color: fix(theme.plain.color)},
    styles: theme.styles.map((entry) => ({...entry, style: {...entry.style, color: fix(entry.style.color)}})),
  };
}

export const lightCodeTheme = accessibleTheme(themes.github);
export const darkCodeTheme = accessibleTheme(themes.dracula);
