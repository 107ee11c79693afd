/**
 * npm run images:render: draws the site's generated images in Chromium and saves them as PNG
 * under static/img/: the link-preview image of every section (config/socialCards.ts) and the
 * app icons of the installable offline site (config/pwa.ts). The images are committed, so
 * builds need no browser; run this after changing them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from 'playwright-core';
import {repoRoot} from '../../config/paths';
import {SOCIAL_CARDS, SOCIAL_CARD_DIR, SOCIAL_CARD_SIZE, type SocialCard} from '../../config/socialCards';
import {site} from '../../config/site';
import {APP_ICONS, type AppIcon} from '../../config/pwa';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function cardHtml(card: SocialCard, host: string): string {
  return `<!doctype html><html><head><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: ${SOCIAL_CARD_SIZE.width}px; height: ${SOCIAL_CARD_SIZE.height}px; font-family: system-ui, 'DejaVu Sans', sans-serif;
    background: #1a4049; color: #fff; padding: 84px 96px; position: relative; overflow: hidden; }
  .brand { display: flex; align-items: center; gap: 22px; font-size: 40px; font-weight: 700; letter-spacing: 0.5px; }
  .title { margin-top: 120px; font-size: 76px; font-weight: 800; line-height: 1.08; max-width: 960px; }
  .subtitle { margin-top: 28px; font-size: 36px; line-height: 1.3; color: #d6e4e7; max-width: 900px; }
  .host { position: absolute; left: 96px; bottom: 64px; font-size: 28px; color: #b9cfd3; }
  .accent { position: absolute; right: -120px; top: -120px; width: 420px; height: 420px; border-radius: 50%; background: #817afe; opacity: 0.9; }
  .accent.small { right: 140px; top: 300px; width: 90px; height: 90px; opacity: 0.55; }
</style></head><body>
  <div class="accent"></div><div class="accent small"></div>
  <div class="brand"><svg width="72" height="72" viewBox="0 0 32 32"><rect x="1" y="1" width="30" height="30" rx="8" fill="#fff"/>
    <path d="M10 9v9a6 6 0 0 0 12 0V9" fill="none" stroke="#1a4049" stroke-width="3.2" stroke-linecap="round"/><circle cx="22" cy="9" r="2.6" fill="#817afe"/></svg>Unleash</div>
  <div class="title">${escape(card.title)}</div>
  <div class="subtitle">${escape(card.subtitle)}</div>
  <div class="host">${escape(host)}</div>
</body></html>`;
}

/** The logo mark on the brand colour; maskable icons keep it inside the 80% safe zone. */
export function iconHtml(icon: AppIcon): string {
  const mark = Math.round(icon.size * (icon.purpose === 'maskable' ? 0.6 : 0.86));
  const radius = icon.purpose === 'maskable' ? 0 : Math.round(icon.size * 0.22);
  return `<!doctype html><html><head><style>
  * { margin: 0; }
  body { width: ${icon.size}px; height: ${icon.size}px; display: grid; place-items: center; background: transparent; }
  .tile { width: ${icon.size}px; height: ${icon.size}px; border-radius: ${radius}px; background: #1a4049; display: grid; place-items: center; }
</style></head><body><div class="tile"><svg width="${mark}" height="${mark}" viewBox="4 4 24 24">
  <path d="M10 9v9a6 6 0 0 0 12 0V9" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/><circle cx="22" cy="9" r="2.6" fill="#817afe"/></svg></div></body></html>`;
}

async function render(): Promise<void> {
  const outDir = path.join(repoRoot, 'static', SOCIAL_CARD_DIR);
  fs.mkdirSync(outDir, {recursive: true});
  const host = new URL(site.url).host;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({viewport: SOCIAL_CARD_SIZE});
    for (const card of SOCIAL_CARDS) {
      await page.setContent(cardHtml(card, host));
      const file = path.join(outDir, `${card.key}.png`);
      await page.screenshot({path: file, type: 'png'});
      console.log(`[images] ${path.relative(repoRoot, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
    }
    for (const icon of APP_ICONS) {
      const iconPage = await browser.newPage({viewport: {width: icon.size, height: icon.size}});
      await iconPage.setContent(iconHtml(icon));
      const file = path.join(repoRoot, 'static', icon.src);
      fs.mkdirSync(path.dirname(file), {recursive: true});
      await iconPage.screenshot({path: file, type: 'png', omitBackground: true});
      await iconPage.close();
      console.log(`[images] ${path.relative(repoRoot, file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
    }
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  render().catch((error: unknown) => {
    console.error(`[images] ${(error as Error).message}`);
    process.exit(1);
  });
}
