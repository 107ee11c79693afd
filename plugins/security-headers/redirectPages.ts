/**
 * Legacy redirect pages that fit a strict policy. @docusaurus/plugin-client-redirects writes
 * each legacy path as a small page with a meta refresh and an inline script naming its own
 * target (`window.location.href = '/target' + …`), so ~1,000 pages would each need their own
 * hash in script-src. Rewritten here, every page carries the same script, which reads the
 * target from the page's canonical link: one hash for all. The meta refresh stays (it is what
 * the route check, the search indexer and browsers without scripts follow); the script only
 * adds what the refresh cannot, keeping the query and the #fragment, as the plugin's did.
 */

/**
 * The one redirect script: go to the canonical URL, with the query and fragment the legacy
 * URL carried when the target has neither, replacing the legacy URL in the history.
 */
export const REDIRECT_SCRIPT =
  "(function(){var l=document.querySelector('link[rel=canonical]');if(!l)return;var t=new URL(l.getAttribute('href'),location.href);if(!t.search&&!t.hash){t.search=location.search;t.hash=location.hash}location.replace(t.href)})();";

/** A page as @docusaurus/plugin-client-redirects 3.x writes it (its `redirectPage.template.html`). */
const PLUGIN_PAGE =
  /^\s*<!DOCTYPE html>\s*<html>\s*<head>\s*<meta charset="UTF-8">\s*<meta http-equiv="refresh" content="0; url=([^"]*)">\s*<link rel="canonical" href="\1" \/>\s*<\/head>\s*<script>\s*window\.location\.href = '\1'(?: \+ window\.location\.search \+ window\.location\.hash)?;\s*<\/script>\s*<\/html>\s*$/;

/** A redirect page: small, with a meta refresh (the mark the route check, search and crawl look for). */
export function isRedirectPage(html: string): boolean {
  return html.length < 4096 && /<meta http-equiv="refresh"/i.test(html);
}

export function redirectPage(target: string): string {
  return `<!DOCTYPE html>
<html>
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="refresh" content="0; url=${target}">
    <link rel="canonical" href="${target}" />
    <script>${REDIRECT_SCRIPT}</script>
  </head>
</html>
`;
}

/**
 * The page rewritten with the shared script, or undefined when `html` is not a page the
 * redirect plugin wrote. `target` stays as the plugin encoded it (encodeURI, attribute-safe).
 */
export function rewriteRedirectPage(html: string): string | undefined {
  const match = PLUGIN_PAGE.exec(html);
  return match ? redirectPage(match[1]!) : undefined;
}
