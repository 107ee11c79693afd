/**
 * The reviewed safelist of the stylesheet purge (plugins/css-purge): rules PurgeCSS must keep
 * although no script of the build spells out what they match, or whose matches only exist once
 * a script has run. Each entry says which script adds them.
 *
 * What needs no entry:
 * - pseudo-classes (`:hover`, `:focus-visible`, `:checked`, …): PurgeCSS judges a selector by its
 *   classes, ids, tags and attributes, never by its state; the one PurgeCSS defect here
 *   (compounds of pseudo-classes only) is worked around in plugins/css-purge/purge.ts;
 * - classes a component writes as a literal, wherever it renders them (server, hydration, a
 *   chunk loaded later: the API explorer, the evaluation sandbox, the offline prompt's chunk):
 *   every script of the build is read. The entries below for such classes are there because
 *   the class only appears once the reader acts, and a change of minifier or component must
 *   not cost the state its style unnoticed;
 * - the evaluation sandbox's own styles: they are a <style> in its chunk, not in the site's
 *   stylesheet (src/components/EvaluationSandbox/sandboxCss.ts).
 *
 * A page that uses a rule the purge removed stops the build (plugins/css-purge/check.ts), with
 * the selector and the page: the fix is an entry here.
 */
import type {CssSafelistEntry} from '../plugins/css-purge/purge';
import {API_LANGUAGE_TABS} from './api';

export const CSS_SAFELIST: readonly CssSafelistEntry[] = [
  {
    values: ['true', 'false'],
    addedBy:
      'React writes boolean aria-* and data-* props as the strings "true" and "false" (DocSearch\'s selected hit [aria-selected=true], the theme\'s open <details> [data-collapsed=false], the API schema toggles [aria-expanded=true]); the minified scripts hold the booleans as !0 and !1.',
  },
  {
    attributes: ['data-theme', 'data-theme-choice'],
    addedBy:
      "The theme's inline colour-mode script (before first paint) and its ColorModeProvider (on the toggle) set them on <html>; every [data-theme=dark] rule, the diagrams' light and dark drawings (plugins/diagrams) and the toggle's icons depend on them.",
  },
  {
    attributes: ['data-announcement-bar-initially-dismissed'],
    addedBy: "The announcement bar's inline script (plugins/announcement-bar) sets it on <html> before first paint when the reader has not closed the bar.",
  },
  {
    attributes: ['data-search-provider', 'data-search-failed'],
    addedBy: 'src/theme/SearchBar sets them through element.dataset (the local index hides the Algolia logo; a failed index load shows the error screen).',
  },
  {
    classes: [/^DocSearch-/, 'DocSearch--active'],
    addedBy:
      '@docsearch/react renders the search modal, its hits, recent searches and its screens only when the reader opens it (Ctrl/Cmd+K, /, the button), and puts DocSearch--active on <body> while it is open.',
  },
  {
    classes: ['navbar-sidebar--show', 'navbar-sidebar__items--show-secondary'],
    addedBy: "The theme's Navbar (useNavbarMobileSidebar) when the reader opens the mobile drawer, and its secondary panel when the drawer shows the docs sidebar.",
  },
  {
    classes: ['menu__list-item--collapsed', 'menu__link--active', 'menu__list-item-collapsible--active'],
    addedBy: "The theme's DocSidebarItem/Category and Link when the reader expands or collapses a sidebar category or navigates to another page.",
  },
  {
    classes: ['tabs__item--active', 'active'],
    addedBy:
      "The theme's Tabs (tabs__item--active) and the API pages' language tabs (src/components/ApiRequest/Summary.tsx, the theme's ApiTabs: active) when the reader chooses another tab.",
  },
  {
    classes: ['dropdown--show'],
    addedBy: "The theme's DropdownNavbarItem when the reader opens a navbar dropdown by click or keyboard.",
  },
  {
    classes: [/^copyButtonCopied_/, /^wordWrapButtonEnabled_/],
    addedBy: "The theme's code block buttons (CSS modules, any hash suffix): the copy button after a copy, the word-wrap button while wrapping is on.",
  },
  {
    classes: [/^backToTopButtonShow_/],
    addedBy: "The theme's BackToTopButton once the reader has scrolled down.",
  },
  {
    classes: [/^docSidebarContainerHidden_/, /^sidebarHidden_/, /^docMainContainerEnhanced_/, /^docItemWrapperEnhanced_/],
    addedBy: "The theme's DocRoot layout when the reader hides the docs sidebar (docs.sidebar.hideable).",
  },
  {
    classes: [/^tocCollapsibleExpanded_/, /^tocCollapsibleButtonExpanded_/],
    addedBy: "The theme's TOCCollapsible when the reader opens the table of contents on a narrow screen.",
  },
  {
    classes: [/^navbarHidden_/],
    addedBy: "The theme's Navbar when NAVBAR_HIDE_ON_SCROLL is on and the reader scrolls down.",
  },
  {
    classes: [/^popup_/],
    addedBy: "@docusaurus/plugin-pwa's PwaReloadPopup, the offline app's \"New version available\" prompt, rendered when a newer service worker is waiting.",
  },
  {
    classes: [/^openapi-explorer__/, 'ReactModal__Body--open'],
    addedBy:
      'The API request explorer (src/theme/ApiExplorer) loads when the reader presses "Try this request"; its response panel, loading and error states and its modal (react-modal puts ReactModal__Body--open on <body>) appear as the reader uses it.',
  },
  {
    classes: API_LANGUAGE_TABS.map((tab) => `openapi-tabs__code-item--${tab.logoClass}`),
    addedBy: "The API pages' code sample tabs (src/components/ApiRequest/Summary.tsx, the theme's CodeSnippets) compose openapi-tabs__code-item--${logoClass} from the languages in config/api.ts; each rule carries the language's logo.",
  },
  {
    classes: ['badge--primary', 'badge--success', 'badge--danger', 'badge--info', 'badge--warning', 'badge--secondary'],
    addedBy: "The API pages' method badges (src/components/ApiRequest/Endpoint.tsx, the theme's MethodEndpoint) compose badge--${colour} from the HTTP method: get, post, delete, put, patch, head and webhook events.",
  },
];
