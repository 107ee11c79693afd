/**
 * The features and segments an SDK holds, from either payload of the client API: a full
 * response (`{features, segments}`) or a list of delta events (hydration, feature-updated,
 * feature-removed, segment-updated), applied in order.
 */
import type {Feature, FeatureState, Segment} from './types';

type DeltaEvent =
  | {type: 'hydration'; features: Feature[]; segments?: Segment[]}
  | {type: 'feature-updated'; feature: Feature}
  | {type: 'feature-removed'; featureName: string}
  | {type: 'segment-updated'; segment: Segment};

export type ClientPayload = {features?: Feature[]; segments?: Segment[]} | {events: DeltaEvent[]};

export function toFeatureState(payload: ClientPayload): FeatureState {
  if (!('events' in payload)) return {features: payload.features ?? [], segments: payload.segments ?? []};
  let features: Feature[] = [];
  let segments: Segment[] = [];
  const put = <T>(list: T[], item: T, same: (a: T) => boolean) => [...list.filter((entry) => !same(entry)), item];
  for (const event of payload.events) {
    switch (event.type) {
      case 'hydration':
        features = [...event.features];
        segments = [...(event.segments ?? [])];
        break;
      case 'feature-updated':
        features = put(features, event.feature, (feature) => feature.name === event.feature.name);
        break;
      case 'feature-removed':
        features = features.filter((feature) => feature.name !== event.featureName);
        break;
      case 'segment-updated':
        segments = put(segments, event.segment, (segment) => segment.id === event.segment.id);
        break;
    }
  }
  return {features, segments};
}
