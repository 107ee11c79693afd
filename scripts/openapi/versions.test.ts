import {describe, expect, it} from 'vitest';
import {apiReferenceVersion, apiReferenceVersions, operationRoute} from '../../config/apiVersions';
import {olderReferenceSidebar, relativeSidebar, withVersionInTitle, withVersionPicker} from './versions';

const PAGE = `---
id: get-feature
title: "Get a feature flag"
description: "Returns one feature flag."
sidebar_label: "Get a feature flag"
api: true
---

import Heading from "@theme/Heading";

<Heading
  as={"h1"}
  className={"openapi__heading"}
  children={"Get a feature flag"}
>
</Heading>

<MethodEndpoint
  method={"get"}
>
</MethodEndpoint>
`;

describe('the versions of the API reference', () => {
  it('keeps the current one at its routes and puts each older one under v<major>', () => {
    const [current, ...older] = apiReferenceVersions();
    expect(current).toMatchObject({current: true, major: 8, baseRoute: '/reference/api/unleash', downloadRoute: '/reference/api/unleash/openapi.json'});
    expect(older.map((version) => version.baseRoute)).toEqual(['/reference/api/unleash/v7']);
    expect(apiReferenceVersion(7)).toMatchObject({version: '7.6.5', label: 'Unleash 7.6.5', docsPluginId: 'api-7', downloadRoute: '/reference/api/unleash/v7/openapi.json'});
  });

  it('names an operation\'s page by its kebab-case operationId in every version', () => {
    expect(operationRoute(7, 'getFeature')).toBe('/reference/api/unleash/v7/get-feature');
    expect(operationRoute(8, 'getFeature')).toBe('/reference/api/unleash/get-feature');
    expect(() => operationRoute(4, 'getFeature')).toThrow(/no API reference for Unleash 4.x/);
  });
});

describe('the older reference\'s pages', () => {
  it('carry the version in the title and the heading, once', () => {
    const titled = withVersionInTitle(PAGE, 'Unleash 7.6.5');
    expect(titled).toContain('title: "Get a feature flag (Unleash 7.6.5)"');
    expect(titled).toContain('children={"Get a feature flag (Unleash 7.6.5)"}');
    expect(titled).toContain('sidebar_label: "Get a feature flag"');
    expect(withVersionInTitle(titled, 'Unleash 7.6.5')).toBe(titled);
  });

  it('get the version picker below the heading, or first on a page without one', () => {
    const versions = [
      {label: 'Unleash 8.2.0', version: '8.2.0', to: '/reference/api/unleash/get-feature', current: true},
      {label: 'Unleash 7.6.5', version: '7.6.5', to: '/reference/api/unleash/v7/get-feature', active: true},
    ];
    const page = withVersionPicker(PAGE, versions);
    expect(page).toContain("import ApiVersionPicker from '@site/src/components/ApiVersionPicker';");
    expect(page.indexOf('<ApiVersionPicker')).toBeGreaterThan(page.indexOf('</Heading>'));
    expect(page.indexOf('<ApiVersionPicker')).toBeLessThan(page.indexOf('<MethodEndpoint'));
    expect(withVersionPicker(page, versions)).toBe(page);
    const tag = withVersionPicker('---\nid: features\ntitle: "Features"\n---\n\nFlags.\n', versions);
    expect(tag.indexOf('<ApiVersionPicker')).toBeLessThan(tag.indexOf('Flags.'));
  });

  it('have a sidebar of their own, with ids relative to their folder and a way back to the current reference', () => {
    const generated = relativeSidebar([
      {type: 'doc', id: 'v7work/docs-api/v7/unleash-api'},
      {type: 'category', label: 'Features', link: {type: 'doc', id: 'v7work/docs-api/v7/features'}, items: [{type: 'doc', id: 'v7work/docs-api/v7/get-feature', label: 'Get a feature flag'}]},
    ]);
    expect(generated[1]).toMatchObject({link: {id: 'features'}, items: [{id: 'get-feature'}]});
    const [current, older] = apiReferenceVersions();
    const sidebar = olderReferenceSidebar(generated, older!, current!) as Record<string, Array<Record<string, unknown>>>;
    expect(sidebar['api-7']![0]).toMatchObject({type: 'category', label: 'API reference (Unleash 7.6.5)', link: {type: 'doc', id: 'unleash-api'}});
    expect(sidebar['api-7']![1]).toMatchObject({type: 'link', href: '/reference/api/unleash'});
  });
});
