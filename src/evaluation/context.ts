/** Reading a context field the way each SDK family does. */
import type {Context, Engine} from './types';

const YGGDRASIL_FIELDS = new Set(['userId', 'sessionId', 'remoteAddress', 'environment', 'appName', 'currentTime']);

/**
 * The value of `field`, or undefined when it is not set.
 *
 * The Node.js SDK looks at the top-level field of that name first and falls back to
 * `properties` (so a property called "userId" is used when userId itself is unset). Yggdrasil
 * reads the six standard fields only from the top level and every other name only from
 * `properties`; in constraints (`now` given) it reads currentTime as the present moment when the
 * context has none.
 */
export function contextValue(context: Context, field: string, engine: Engine, now?: () => Date): string | undefined {
  const top = (context as Record<string, unknown>)[field];
  if (engine === 'node') {
    const value = field === 'properties' ? undefined : top ?? context.properties?.[field];
    return value === undefined || value === null ? undefined : String(value);
  }
  if (YGGDRASIL_FIELDS.has(field)) {
    if (field === 'currentTime' && now && (top === undefined || top === null)) return now().toISOString().replace(/\.\d{3}Z$/, 'Z');
    return top === undefined || top === null ? undefined : String(top);
  }
  const value = context.properties?.[field];
  return value === undefined || value === null ? undefined : value;
}
