/**
 * Which editions of Unleash have a feature, and since which release: one record per page in
 * `config/availability.yaml`, read by the page (a line under its title, plugins/availability),
 * its sidebar entry (a badge when not every edition has it), its search records (the page's
 * first record) and its Markdown twin alike. `availability.test.ts` checks the records against
 * the code and the release tags.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {repoRoot} from './paths';

export const EDITIONS = ['open-source', 'pro', 'enterprise'] as const;
export type Edition = (typeof EDITIONS)[number];

export const EDITION_LABELS: Record<Edition, string> = {'open-source': 'Open Source', pro: 'Pro', enterprise: 'Enterprise'};

export interface Availability {
  editions: Edition[];
  /** The first Unleash release that has it, `x.y.z`. */
  since?: string;
}

export interface AvailabilityRecord extends Availability {
  evidence: {editions: string; since?: string};
  /** An API path the open-source server serves for the feature (checked against its description). */
  oss_check?: string;
  /** A string in the open-source code that gates the paid feature (checked against the package). */
  paid_check?: string;
}

export const AVAILABILITY_FILE = path.join(repoRoot, 'config/availability.yaml');

let cache: Map<string, AvailabilityRecord> | undefined;

/** The records by page file under docs/ (`reference/segments.md`). */
export function loadAvailability(file = AVAILABILITY_FILE): Map<string, AvailabilityRecord> {
  if (cache && file === AVAILABILITY_FILE) return cache;
  const parsed = fs.existsSync(file) ? ((YAML.parse(fs.readFileSync(file, 'utf8')) ?? {}) as Record<string, AvailabilityRecord>) : {};
  const records = new Map(Object.entries(parsed));
  if (file === AVAILABILITY_FILE) cache = records;
  return records;
}

/** The record of a doc by its id (`reference/segments`, `reference/integrations/index`). */
export function availabilityOfDoc(id: string, records = loadAvailability()): Availability | undefined {
  const record = records.get(`${id}.md`) ?? records.get(`${id}.mdx`);
  return record ? {editions: record.editions, ...(record.since ? {since: record.since} : {})} : undefined;
}

export const everyEdition = (availability: Availability) => EDITIONS.every((edition) => availability.editions.includes(edition));

/** "Open Source, Pro and Enterprise", "Enterprise". */
export function editionList(availability: Availability): string {
  const names = EDITIONS.filter((edition) => availability.editions.includes(edition)).map((edition) => EDITION_LABELS[edition]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
}

/** The sentence the page, the search record and the twin show. */
export function availabilityText(availability: Availability): string {
  return `Availability: ${editionList(availability)}${availability.since ? `, since Unleash ${availability.since}` : ''}.`;
}

/** The sidebar's short badge: only for features not every edition has. */
export function sidebarBadge(availability: Availability | undefined): string | undefined {
  if (!availability || everyEdition(availability)) return undefined;
  return EDITIONS.filter((edition) => availability.editions.includes(edition)).map((edition) => EDITION_LABELS[edition]).join(' · ');
}

/** A sidebar entry's props: the badge of a feature not every edition has. */
export function availabilityProps(id: string): {customProps: {availability: string}} | Record<string, never> {
  const badge = sidebarBadge(availabilityOfDoc(id));
  return badge ? {customProps: {availability: badge}} : {};
}
