/**
 * Who calls each operation of the Unleash HTTP API. The reference is split into three
 * sections by caller (issue #38), and this module is the one place that decides which section
 * an operation belongs to:
 *
 *   Client API     paths under /api/client     server-side SDKs and Unleash Edge, backend token
 *   Frontend API   paths under /api/frontend   client-side SDKs, frontend token
 *   Admin API      paths under /api/admin      the Admin UI, people's scripts, automation
 *
 * The server also serves a few paths outside /api. They belong to neither SDK API, so they are
 * placed in the Admin API section, each family listed in OUTSIDE_API with who calls it (the
 * Admin API overview says so). A path that is none of these stops the generation: a new family
 * of paths needs a decision here, not a silent default.
 */

export type Audience = 'client' | 'frontend' | 'admin';

export interface AudienceSection {
  audience: Audience;
  /** Sidebar label and page title. */
  label: string;
  /** Slug of the section's overview page in each version of the reference. */
  slug: string;
  /** What the overview lists: every operation (small sections) or every tag with its operation count. */
  listing: 'operations' | 'tags';
}

/** The sections in reading order. */
export const AUDIENCE_SECTIONS: readonly AudienceSection[] = [
  {audience: 'client', label: 'Client API', slug: 'client-api', listing: 'operations'},
  {audience: 'frontend', label: 'Frontend API', slug: 'frontend-api', listing: 'operations'},
  {audience: 'admin', label: 'Admin API', slug: 'admin-api', listing: 'tags'},
];

export function audienceSection(audience: Audience): AudienceSection {
  return AUDIENCE_SECTIONS.find((section) => section.audience === audience)!;
}

/** Families of paths outside /api that the described servers serve; all are placed in the Admin API section. */
export const OUTSIDE_API: readonly {prefix: string; calledBy: string}[] = [
  {prefix: '/auth/', calledBy: "the Admin UI's sign-in and password-reset forms"},
  {prefix: '/invite/', calledBy: "the Admin UI's sign-up form, for people with a public sign-up link"},
  {prefix: '/health', calledBy: 'load balancers, orchestrators and monitoring'},
  {prefix: '/ready', calledBy: 'orchestrators such as Kubernetes'},
  {prefix: '/edge/', calledBy: 'Unleash Edge'},
];

const UNDER = (prefix: string) => new RegExp(`^${prefix}(/|$)`);
const CLIENT = UNDER('/api/client');
const FRONTEND = UNDER('/api/frontend');
const ADMIN = UNDER('/api/admin');

/** The audience of an operation, by its path. Throws for a path no rule covers. */
export function audienceOfPath(path: string): Audience {
  if (CLIENT.test(path)) return 'client';
  if (FRONTEND.test(path)) return 'frontend';
  if (ADMIN.test(path)) return 'admin';
  if (outsideApiFamily(path)) return 'admin';
  throw new Error(`${path}: no API audience is decided for this path; add its family to OUTSIDE_API in scripts/openapi/audiences.ts or give it a section`);
}

/** The family of OUTSIDE_API a path outside /api belongs to, if any. */
export function outsideApiFamily(path: string): (typeof OUTSIDE_API)[number] | undefined {
  if (path.startsWith('/api/')) return undefined;
  return OUTSIDE_API.find(({prefix}) => {
    const base = prefix.replace(/\/$/, '');
    return path === base || path.startsWith(`${base}/`);
  });
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface AudienceOperation {
  operationId: string;
  method: string;
  path: string;
  /** The operation's first tag, which the generator files it under. */
  tag: string;
  summary: string;
  audience: Audience;
}

interface OpenApiLike {
  paths?: Record<string, Record<string, unknown>>;
}

/** Every operation of an OpenAPI description with its audience. Throws on a repeated operationId. */
export function operationAudiences(document: OpenApiLike): AudienceOperation[] {
  const seen = new Set<string>();
  const operations: AudienceOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as {operationId?: string; tags?: string[]; summary?: string} | undefined;
      if (!operation) continue;
      const operationId = operation.operationId;
      if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      if (seen.has(operationId)) throw new Error(`operationId ${operationId} is used twice`);
      seen.add(operationId);
      operations.push({operationId, method: method.toUpperCase(), path, tag: operation.tags?.[0] ?? '', summary: operation.summary ?? operationId, audience: audienceOfPath(path)});
    }
  }
  return operations;
}
