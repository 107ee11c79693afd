import {describe, expect, it} from 'vitest';
import {apiReferenceVersions} from '../../config/apiVersions';
import {llmsIndex, olderTwin, olderVersionNote, section} from './index';

describe('twins of the older API reference', () => {
  const [current, older] = apiReferenceVersions();

  it('are listed apart from the current reference in llms.txt', () => {
    expect(section('/reference/api/unleash/v7/get-feature')).toBe('API reference (Unleash 7.6.5)');
    expect(section('/reference/api/unleash/v7')).toBe('API reference (Unleash 7.6.5)');
    expect(section('/reference/api/unleash/get-feature')).toBe('API reference');
    const index = llmsIndex('Site', 'Tagline', 'https://docs.example', [
      {route: '/reference/api/unleash/get-feature', title: 'Get a feature flag', description: 'One flag.', markdown: () => ''},
      {route: '/reference/api/unleash/v7/get-feature', title: 'Get a feature flag (Unleash 7.6.5)', description: 'One flag.', markdown: () => ''},
    ]);
    expect(index).toContain('## API reference (Unleash 7.6.5)\n\n- [Get a feature flag (Unleash 7.6.5)](https://docs.example/reference/api/unleash/v7/get-feature.md): One flag.');
  });

  it('are headed with the version and point to the same page of the current version', () => {
    const note = olderVersionNote(older!, current!, '/reference/api/unleash/get-feature.md');
    expect(note).toBe('> This page documents the API of Unleash 7.6.5; the same page for the current version, Unleash 8.2.0, is /reference/api/unleash/get-feature.md.');
    expect(olderTwin('# Get a feature flag\n\n`GET /x`\n', 'Get a feature flag (Unleash 7.6.5)', note)).toBe(`# Get a feature flag (Unleash 7.6.5)\n\n${note}\n\n\`GET /x\`\n`);
    expect(olderVersionNote(older!, current!, undefined)).toContain('the current version is Unleash 8.2.0 (/reference/api/unleash.md)');
  });
});
