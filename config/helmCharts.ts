/**
 * The Unleash Helm chart repository. The self-hosting pages tell readers to run
 * `helm repo add unleash https://docs.getunleash.io/helm-charts`: that address is on the
 * documentation site, which publishes no charts itself, so the site forwards `/helm-charts`
 * and every path under it to where the repository is published. plugins/host-redirects writes
 * the rules for each host (nginx, Netlify and Cloudflare Pages) from this file.
 *
 * Where the repository is published, from the sources:
 *
 * - Unleash/helm-charts, `.github/workflows/release.yaml` on main (commit bbb84ed5d4c2,
 *   2026-04-02): on every push to main, `helm/chart-releaser-action` packages the changed
 *   charts, uploads each archive as a GitHub release asset and commits the repository index to
 *   the `gh-pages` branch. That branch (commit c4646e90324d, "Update index.yaml") holds
 *   `index.yaml`, `README.md` and `LICENSE`, and the index names every archive by an absolute
 *   URL, `https://github.com/Unleash/helm-charts/releases/download/<chart>-<version>/<chart>-<version>.tgz`,
 *   so Helm downloads charts from GitHub releases whatever address the index came from.
 * - Unleash/unleash, `website/vercel.json` at commit a33ebf810370 (the official documentation
 *   site's last configuration before the site left that repository in d7bcbfca3792): the
 *   site answered `/helm-charts/index.yaml` with
 *   `https://raw.githubusercontent.com/Unleash/helm-charts/gh-pages/index.yaml` and
 *   `/helm-charts` (with or without a slash) with the `README.md` beside it.
 */

/** The published repository: the `gh-pages` branch of Unleash/helm-charts. No trailing slash. */
export const HELM_CHART_REPOSITORY = 'https://raw.githubusercontent.com/Unleash/helm-charts/gh-pages';

/** The path on this site, under the base URL, that the pages give as the repository's address. */
export const HELM_CHARTS_PATH = 'helm-charts';

/**
 * A path of this site that belongs to another host: `path` itself (with or without a trailing
 * slash) goes to `landing`, and `path/<rest>` to `target/<rest>`.
 */
export interface HostRedirect {
  /** Relative to the base URL, without slashes at either end. */
  path: string;
  /** Absolute URL without a trailing slash. */
  target: string;
  /** Absolute URL for the bare path, where a browser that opens it lands. */
  landing: string;
  /** Why the path leaves the site, for the comment in the written files. */
  why: string;
}

/**
 * `/helm-charts/index.yaml` (what `helm repo add` and `helm repo update` fetch), chart archives
 * and any other path keep the rest of their path; `/helm-charts` itself, which only a browser
 * opens, shows the repository's README, as the official site did.
 */
export const helmChartsRedirect: HostRedirect = {
  path: HELM_CHARTS_PATH,
  target: HELM_CHART_REPOSITORY,
  landing: `${HELM_CHART_REPOSITORY}/README.md`,
  why: 'the Unleash Helm chart repository (config/helmCharts.ts)',
};

/** Every host redirect the build writes. */
export const hostRedirects: readonly HostRedirect[] = [helmChartsRedirect];
