import {describe, expect, it} from 'vitest';
import {GENERIC_RESPONSES, compose, linkRewriter, withoutProse, type Overlay} from './compose';
import {proseOf} from '../unleash-server/conformance';

type Json = Record<string, any>;

/** What an older server serves: its own prose everywhere, which must not reach the reference. */
function served(): Json {
  return {
    openapi: '3.0.3',
    info: {title: 'Unleash API', version: '7.6.5', description: 'SERVER intro'},
    tags: [
      {name: 'Features', description: 'SERVER features tag'},
      {name: 'Client', description: 'SERVER client tag'},
      {name: 'Banners', description: 'SERVER banners tag, used by nothing'},
    ],
    components: {
      securitySchemes: {apiKey: {type: 'apiKey', in: 'header', name: 'Authorization', description: 'SERVER key'}},
      schemas: {
        featureSchema: {
          type: 'object',
          description: 'SERVER feature schema',
          required: ['name'],
          properties: {
            name: {type: 'string', description: 'SERVER name', example: 'my-flag'},
            stale: {type: 'boolean', description: 'SERVER stale'},
            oldField: {type: 'string', description: 'SERVER field only 7 has'},
            tags: {type: 'array', description: 'SERVER tags', items: {$ref: '#/components/schemas/tagSchema'}},
          },
        },
        tagSchema: {type: 'object', description: 'SERVER tag schema', properties: {value: {type: 'string', description: 'SERVER value'}}},
        metricSchema: {type: 'object', description: 'SERVER metric schema', properties: {value: {type: 'number', description: 'SERVER metric value'}}},
      },
    },
    paths: {
      '/api/admin/projects/{projectId}/features/{featureName}': {
        get: {
          operationId: 'getFeature',
          tags: ['Features'],
          summary: 'SERVER summary',
          description: 'SERVER description of getFeature',
          parameters: [
            {name: 'projectId', in: 'path', required: true, description: 'SERVER project', schema: {type: 'string'}},
            {name: 'featureName', in: 'path', required: true, description: 'SERVER feature', schema: {type: 'string'}},
            {name: 'legacy', in: 'query', required: false, description: 'SERVER legacy', schema: {type: 'string'}},
          ],
          responses: {
            '200': {description: 'featureSchema', content: {'application/json': {schema: {$ref: '#/components/schemas/featureSchema'}}}},
            '401': {
              description: 'SERVER unauthorized',
              content: {'application/json': {schema: {type: 'object', properties: {id: {type: 'string', description: 'SERVER id', example: '9c40958a'}, message: {type: 'string', description: 'SERVER message'}}}}},
            },
          },
        },
      },
      '/api/client/metrics/custom': {
        post: {
          operationId: 'clientCustomMetrics',
          tags: ['Client'],
          summary: 'SERVER send custom',
          description: 'SERVER custom metrics',
          requestBody: {description: 'metricSchema', required: true, content: {'application/json': {schema: {$ref: '#/components/schemas/metricSchema'}}}},
          responses: {'202': {description: 'This response has no body.'}},
        },
      },
    },
  };
}

/** Our description of the current release. */
function ours(): Json {
  return {
    openapi: '3.0.3',
    info: {title: 'Unleash API', version: '8.2.0', license: {name: 'Apache 2.0'}},
    tags: [{name: 'Features', description: 'OURS features tag, see [Archive](/reference/api/unleash/get-feature#x).'}],
    components: {
      securitySchemes: {apiKey: {type: 'apiKey', in: 'header', name: 'Authorization', description: 'OURS key'}},
      parameters: {projectIdInPath: {name: 'projectId', in: 'path', required: true, description: 'OURS project', schema: {type: 'string'}}},
      responses: {Unauthorized: {description: 'OURS unauthorized', content: {'application/json': {schema: {$ref: '#/components/schemas/errorSchema'}}}}},
      schemas: {
        errorSchema: {type: 'object', properties: {id: {type: 'string', description: 'OURS error id'}, message: {type: 'string', description: 'OURS error message'}}},
        featureSchema: {
          type: 'object',
          description: 'OURS feature schema',
          properties: {
            name: {type: 'string', description: 'OURS name'},
            stale: {type: 'boolean', description: 'OURS stale'},
            tags: {type: 'array', items: {$ref: '#/components/schemas/flagTagSchema'}, description: 'OURS tags'},
          },
        },
        flagTagSchema: {type: 'object', description: 'OURS tag schema', properties: {value: {type: 'string', description: 'OURS tag value'}}},
      },
    },
    paths: {
      '/api/admin/projects/{projectId}/features/{featureName}': {
        get: {
          operationId: 'getFeature',
          tags: ['Features'],
          summary: 'OURS Get a feature flag',
          description: 'OURS description of getFeature',
          parameters: [{$ref: '#/components/parameters/projectIdInPath'}, {name: 'featureName', in: 'path', required: true, description: 'OURS feature', schema: {type: 'string'}}],
          responses: {
            '200': {description: 'OURS the flag', content: {'application/json': {schema: {$ref: '#/components/schemas/featureSchema'}}}},
            '401': {$ref: '#/components/responses/Unauthorized'},
          },
        },
      },
    },
  };
}

const overlay: Overlay = {
  tags: {Client: 'OVERLAY client tag'},
  operations: {
    clientCustomMetrics: {summary: 'OVERLAY Send custom metrics', description: 'OVERLAY custom metrics', responses: {'202': 'OVERLAY stored'}},
    getFeature: {parameters: {'query:legacy': 'OVERLAY legacy'}},
  },
  schemas: {metricSchema: {description: 'OVERLAY metric', properties: {value: 'OVERLAY metric value'}}, featureSchema: {properties: {oldField: 'OVERLAY old field'}}},
};

const composed = () => compose({served: served(), ours: ours(), overlay, introduction: 'The 7.6.5 reference.', currentBaseRoute: '/reference/api/unleash', baseRoute: '/reference/api/unleash/v7'});
const op = (document: Json, path: string, method: string) => document.paths[path][method] as Json;
const FEATURE = '/api/admin/projects/{projectId}/features/{featureName}';

describe('composing an older release\'s description', () => {
  it('publishes none of the server\'s prose, anywhere', () => {
    const {document} = composed();
    const leaked = proseOf(document).filter(({text}) => /SERVER|featureSchema$|metricSchema$|This response has no body/.test(text));
    expect(leaked).toEqual([]);
  });

  it('keeps the server\'s structure: paths, parameters, schemas, required fields, examples', () => {
    const {document} = composed();
    expect(Object.keys(document.paths)).toEqual(Object.keys(served().paths));
    expect(op(document, FEATURE, 'get').parameters.map((p: Json) => `${p.in}:${p.name}`)).toEqual(['path:projectId', 'path:featureName', 'query:legacy']);
    expect(Object.keys(document.components.schemas.featureSchema.properties)).toEqual(['name', 'stale', 'oldField', 'tags']);
    expect(document.components.schemas.featureSchema.required).toEqual(['name']);
    expect(document.components.schemas.featureSchema.properties.name.example).toBe('my-flag');
    expect(document.info).toEqual({title: 'Unleash API', version: '7.6.5', description: 'The 7.6.5 reference.', license: {name: 'Apache 2.0'}});
  });

  it('takes the prose of the same operation, parameter, response, schema, property and tag from ours', () => {
    const {document} = composed();
    const getFeature = op(document, FEATURE, 'get');
    expect(getFeature.summary).toBe('OURS Get a feature flag');
    expect(getFeature.description).toBe('OURS description of getFeature');
    expect(getFeature.parameters[0].description).toBe('OURS project');
    expect(getFeature.parameters[1].description).toBe('OURS feature');
    expect(getFeature.responses['200'].description).toBe('OURS the flag');
    // An error response written inline by the server: ours's shared response and error schema.
    expect(getFeature.responses['401'].description).toBe('OURS unauthorized');
    expect(getFeature.responses['401'].content['application/json'].schema.properties.id.description).toBe('OURS error id');
    const feature = document.components.schemas.featureSchema;
    expect(feature.description).toBe('OURS feature schema');
    expect(feature.properties.stale.description).toBe('OURS stale');
    expect(document.components.securitySchemes.apiKey.description).toBe('OURS key');
  });

  it('describes a schema ours names otherwise from the one ours uses in the same place', () => {
    const {document, report} = composed();
    expect(report.renamedSchemas).toEqual(['tagSchema ← flagTagSchema']);
    expect(document.components.schemas.tagSchema.properties.value.description).toBe('OURS tag value');
  });

  it('uses the overlay for what only the older release has, and before ours where it behaves otherwise', () => {
    const {document, report} = composed();
    const custom = op(document, '/api/client/metrics/custom', 'post');
    expect(custom.summary).toBe('OVERLAY Send custom metrics');
    expect(custom.responses['202'].description).toBe('OVERLAY stored');
    expect(document.components.schemas.metricSchema.properties.value.description).toBe('OVERLAY metric value');
    expect(document.components.schemas.featureSchema.properties.oldField.description).toBe('OVERLAY old field');
    expect(op(document, FEATURE, 'get').parameters[2].description).toBe('OVERLAY legacy');
    expect(document.tags.find((tag: Json) => tag.name === 'Client').description).toBe('OVERLAY client tag');
    expect(report.unusedOverlay).toEqual([]);
    expect(report.overlay.operation).toBe(2);
  });

  it('gives a response neither has a description by its status, and leaves other prose out', () => {
    const {document, report} = compose({served: served(), ours: ours()});
    const custom = op(document, '/api/client/metrics/custom', 'post');
    expect(custom.responses['202'].description).toBe(GENERIC_RESPONSES['202']);
    expect(custom.summary).toBeUndefined();
    expect(custom.description).toBeUndefined();
    expect(document.components.schemas.metricSchema.description).toBeUndefined();
    expect(report.untitled).toEqual(['clientCustomMetrics']);
  });

  it('reports overlay entries that name nothing the server serves', () => {
    const {report} = compose({served: served(), ours: ours(), overlay: {operations: {notServed: {summary: 'x'}}, tags: {Nope: 'y'}}});
    expect(report.unusedOverlay).toEqual(['tags.Nope', 'operations.notServed.summary']);
  });

  it('leaves out tags no operation uses, and moves links to pages this version has', () => {
    const {document, report} = composed();
    expect(document.tags.map((tag: Json) => tag.name)).toEqual(['Client', 'Features']);
    expect(report.droppedTags).toEqual(['Banners']);
    expect(document.tags.find((tag: Json) => tag.name === 'Features').description).toBe('OURS features tag, see [Archive](/reference/api/unleash/v7/get-feature#x).');
  });
});

describe('prose helpers', () => {
  it('drops summaries and descriptions but not data or properties named so', () => {
    const stripped = withoutProse({
      description: 'x',
      properties: {description: {type: 'string', description: 'y'}},
      example: {description: 'kept'},
    }) as Json;
    expect(stripped).toEqual({properties: {description: {type: 'string'}}, example: {description: 'kept'}});
  });

  it('moves links only to pages the older version has', () => {
    const rewrite = linkRewriter('/reference/api/unleash', '/reference/api/unleash/v7', new Set(['get-feature']));
    expect(rewrite('[a](/reference/api/unleash/get-feature) [b](/reference/api/unleash/only-in-8) [c](/reference/api/unleash/openapi.json)')).toBe(
      '[a](/reference/api/unleash/v7/get-feature) [b](/reference/api/unleash/only-in-8) [c](/reference/api/unleash/openapi.json)',
    );
  });
});
