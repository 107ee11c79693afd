/**
 * Service worker registration for the offline site, in place of @docusaurus/plugin-pwa's own
 * (which registers a worker, and downloads workbox-window, on every visit, even though the
 * worker does nothing until offline mode is on). Here the worker is registered only when
 * offline mode is wanted: the site was installed as an app, runs standalone, was opened with
 * `?offlineMode=true`, or a worker already controls the page (so it gets updates and the
 * reload prompt). Offline mode here is exactly the plugin's, and uses its worker and prompt.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

declare const process: {env: Record<string, string | undefined>};

// The plugin's own storage key, so an install recorded by either registration counts.
const INSTALLED_KEY = 'docusaurus.pwa.event.appInstalled.fired';
const SERVICE_WORKER_URL = process.env.PWA_SERVICE_WORKER_URL ?? '/sw.js';

/**
 * Storage can be unavailable (disabled cookies, some private modes: reading
 * window.localStorage throws). This module runs before the app hydrates, so a throw here
 * would leave every page unhydrated; without storage the install is simply not remembered.
 */
function readInstalled(): boolean {
  try {
    return window.localStorage.getItem(INSTALLED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberInstalled(): void {
  try {
    window.localStorage.setItem(INSTALLED_KEY, 'true');
  } catch {
    // Not remembered: the installed app still runs standalone, which turns offline mode on.
  }
}

function offlineModeWanted(): boolean {
  return (
    readInstalled() ||
    window.matchMedia('(display-mode: standalone)').matches ||
    new URLSearchParams(window.location.search).get('offlineMode') === 'true' ||
    navigator.serviceWorker.controller !== null
  );
}

async function register(): Promise<void> {
  const {Workbox} = await import('workbox-window');
  const params = encodeURIComponent(JSON.stringify({offlineMode: true, debug: false}));
  const workbox = new Workbox(`${SERVICE_WORKER_URL}?params=${params}`);
  const promptReload = async () => {
    const {renderReloadPopup} = await import('@docusaurus/plugin-pwa/lib/renderReloadPopup.js');
    await renderReloadPopup({
      onReload() {
        workbox.addEventListener('controlling', () => window.location.reload());
        void workbox.messageSW({type: 'SKIP_WAITING'});
      },
    });
  };
  workbox.addEventListener('waiting', () => void promptReload());
  const registration = await workbox.register();
  // A newer worker may already be waiting from an earlier visit whose prompt was dismissed.
  if (registration?.waiting) await promptReload();
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  window.addEventListener('appinstalled', () => {
    rememberInstalled();
    void register().catch((error: unknown) => console.error('Service worker registration failed', error));
  });
  if (offlineModeWanted()) {
    void register().catch((error: unknown) => console.error('Service worker registration failed', error));
  }
}
