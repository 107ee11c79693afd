import {describe, expect, it} from 'vitest';
import {CSS_SAFELIST} from '../../config/cssSafelist';
import {selectorsThePagesLose} from './check';
import {scriptWords} from './index';
import {PageTokens} from './pageTokens';
import {purgeStylesheets, type CssSafelistEntry} from './purge';

const purge = async (css: string, scripts: string[], safelist: readonly CssSafelistEntry[] = CSS_SAFELIST, pages?: string[]) => {
  const tokens = pages ? pages.reduce((all, html) => all.add(html), new PageTokens()).result() : undefined;
  const [sheet] = await purgeStylesheets([{name: 'styles.css', css}], {scripts, pages: tokens}, safelist);
  return sheet!;
};

// Minified the way the build writes them: classes as string literals, booleans as !0 / !1.
const sidebarScript = 'function n(e){return(0,r.jsx)("li",{className:(0,a.A)("menu__list-item",{"menu__list-item--collapsed":e.c}),children:e.children})}';
const badgeScript = 'const r={get:"primary",post:"success"};function o({method:e}){return(0,a.jsx)("span",{className:`badge badge--${r[e.toLowerCase()]??"secondary"}`})}';
const hitScript = 'function h(e){return(0,a.jsx)("li",{className:"DocSearch-Hit","aria-selected":e.i===e.s?!0:!1})}';

describe('purgeStylesheets', () => {
  it('drops a rule no script or page uses and keeps one a script names', async () => {
    const sheet = await purge('.menu__list-item{margin:0}.pagination__link{padding:1px}', [sidebarScript]);
    expect(sheet.css).toContain('.menu__list-item{');
    expect(sheet.css).not.toContain('pagination__link');
    expect(sheet.rejected).toEqual(['.pagination__link']);
  });

  it('keeps a class a script composes at run time through its safelist entry, and drops it without one', async () => {
    const css = '.badge{display:inline-block}.badge--success{background:green}';
    expect((await purge(css, [badgeScript], [])).css).not.toContain('badge--success');
    expect((await purge(css, [badgeScript])).css).toContain('.badge--success{');
  });

  it('keeps boolean attribute values React writes but the minified script holds as !0 and !1', async () => {
    const css = '.DocSearch-Hit[aria-selected=true] a{background:blue}';
    expect((await purge(css, [hitScript], CSS_SAFELIST.filter((entry) => !entry.values))).css).toBe('');
    expect((await purge(css, [hitScript])).css).toContain('[aria-selected=true]');
  });

  it('keeps a rule on an attribute a script sets through element.dataset, whatever its value', async () => {
    const css = '[data-search-failed=true] .DocSearch-NoResults{display:none}';
    const script = 'c.current.dataset.searchFailed=String(t);(0,a.jsx)("div",{className:"DocSearch-NoResults"})';
    expect((await purge(css, [script], [])).css).toBe('');
    expect((await purge(css, [script])).css).toContain('[data-search-failed=true]');
  });

  it("keeps a hover state built of pseudo-classes only when its :where() class is used (PurgeCSS's own rule drops it)", async () => {
    const css = ':where(.button--primary):not(.button--outline):hover{color:red}:where(.button--danger):not(.button--outline):hover{color:blue}';
    const sheet = await purge(css, ['(0,a.jsx)(l,{className:"button button--primary"})'], []);
    expect(sheet.css).toContain(':where(.button--primary):not(.button--outline):hover');
    expect(sheet.css).not.toContain('button--danger');
  });

  it('reads classes from the elements of the pages, not from their text', async () => {
    const css = '.pills{display:flex}.hero{color:red}';
    const sheet = await purge(css, [], [], ['<p>Take the pills with a hero</p><div class="hero big">x</div>']);
    expect(sheet.css).toBe('.hero{color:red}');
  });
});

describe('scriptWords', () => {
  it('gives each word of the scripts once', () => {
    expect(scriptWords(['a("x-y",b)', 'a("x-y")']).split(' ').sort()).toEqual(['a', 'b', 'x-y']);
  });
});

describe('selectorsThePagesLose', () => {
  const css = '.badge{display:inline-block}.badge--warning{background:orange}.avatar{border-radius:50%}';
  const pages = new PageTokens().add('<span class="badge badge--warning">PATCH</span>').result();

  it('names a selector a built page uses that the build removed', async () => {
    const [built] = await purgeStylesheets([{name: 'styles.css', css}], {scripts: [badgeScript]}, []);
    const lost = await selectorsThePagesLose([{file: 'assets/css/styles.css', unpurged: css, rejected: built!.rejected}], {scripts: [badgeScript], pages}, []);
    expect(lost).toEqual([{file: 'assets/css/styles.css', selectors: ['.badge--warning']}]);
  });

  it('finds nothing lost when the safelist kept what the pages use', async () => {
    const [built] = await purgeStylesheets([{name: 'styles.css', css}], {scripts: [badgeScript]}, CSS_SAFELIST);
    expect(built!.rejected).toEqual(['.avatar']);
    const lost = await selectorsThePagesLose([{file: 'assets/css/styles.css', unpurged: css, rejected: built!.rejected}], {scripts: [badgeScript], pages}, CSS_SAFELIST);
    expect(lost).toEqual([]);
  });
});

describe('CSS_SAFELIST', () => {
  it('says for every entry which script adds what it keeps', () => {
    for (const entry of CSS_SAFELIST) {
      expect(entry.addedBy.length).toBeGreaterThan(40);
      expect((entry.classes?.length ?? 0) + (entry.attributes?.length ?? 0) + (entry.values?.length ?? 0)).toBeGreaterThan(0);
    }
  });
});
