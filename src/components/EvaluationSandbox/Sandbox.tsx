/**
 * The evaluation sandbox: a form for one flag (strategies, constraints, segments, variants) and
 * one Unleash context, and what the SDKs answer for them, recomputed on every keystroke with
 * src/evaluation. Its state travels in the link (#sandbox=…). Loaded lazily by ./index.tsx.
 */
import {createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import {
  CASE_INSENSITIVE_OPERATORS,
  checkConstraint,
  ENGINE_LABELS,
  evaluate,
  LIST_OPERATORS,
  OPERATORS,
  STANDARD_FIELDS,
  type Bucket,
  type Context,
  type Engine,
  type Evaluation,
  type StrategyTrace,
} from '../../evaluation';
import {diagnose, type Message, type Messages} from './diagnostics';
import {exampleState} from './examples';
import {
  contextOf,
  emptyConstraint,
  emptyStrategy,
  emptyVariant,
  featureStateOf,
  STRATEGY_LABELS,
  STRATEGY_PARAMETERS,
  weightNumber,
  type ConstraintDraft,
  type ContextDraft,
  type FlagVariantDraft,
  type SandboxState,
  type StrategyDraft,
  type VariantDraft,
} from './model';
import {decodeState, encodeState, hashFor, stateFromHash} from './urlState';
import {SANDBOX_CSS} from './sandboxCss';

const CLASS_NAMES = [
  'answer', 'badge', 'block', 'button', 'card', 'check', 'constraint', 'detail', 'differs', 'engines', 'error', 'fail', 'field', 'heading', 'hint', 'input', 'list', 'mark',
  'messages', 'note', 'off', 'on', 'pass', 'picked', 'primary', 'result', 'row', 'sandbox', 'status', 'subheading', 'tag', 'toolbar', 'variant', 'verdict', 'visuallyHidden', 'why', 'wide',
] as const;
const styles = Object.fromEntries(CLASS_NAMES.map((name) => [name, `ue-sb-${name}`])) as Record<(typeof CLASS_NAMES)[number], string>;

type Change = (draft: SandboxState) => void;

interface Shared {
  /** The DOM id of a field. */
  id: (field: string) => string;
  messages: Messages;
  edit: (change: Change) => void;
  context: Context;
  now: () => Date;
}

const SandboxContext = createContext<Shared | null>(null);
const useShared = () => useContext(SandboxContext)!;

/** A fixed sequence of draws, so that a random result does not flicker while the reader types. */
function seededRandom(seed = 0x2f6b1d): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENGINES: Engine[] = ['node', 'yggdrasil'];
const SHORT_ENGINE: Record<Engine, string> = {node: 'Node.js SDK', yggdrasil: 'Yggdrasil'};
const PARAMETER_LABELS: Record<string, string> = {
  rollout: 'Rollout (%)',
  stickiness: 'Stickiness',
  groupId: 'Group ID (groupId)',
  percentage: 'Percentage',
  userIds: 'User IDs (comma-separated)',
  IPs: 'IP addresses or ranges (comma-separated)',
  hostNames: 'Host names (comma-separated)',
};

// ---------------------------------------------------------------------------------------------
// Fields and messages

function MessageList({id, field}: {id: string; field: string}): ReactNode {
  const list = useShared().messages.get(field) ?? [];
  if (list.length === 0) return null;
  return (
    <ul id={id} className={styles.messages}>
      {list.map((message: Message) => (
        <li key={message.text} className={message.level === 'error' ? styles.error : styles.note}>
          <span className={styles.tag}>{message.level === 'error' ? 'Problem:' : 'Note:'}</span> {message.text}
        </li>
      ))}
    </ul>
  );
}

interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

function Field({field, label, hint, wide, children}: {field: string; label: string; hint?: string; wide?: boolean; children: (props: ControlProps) => ReactNode}): ReactNode {
  const {id, messages} = useShared();
  const list = messages.get(field) ?? [];
  const inputId = id(field);
  const describedBy = [hint ? `${inputId}-hint` : '', list.length > 0 ? `${inputId}-msg` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={inputId}>{label}</label>
      {children({id: inputId, 'aria-describedby': describedBy, 'aria-invalid': list.some((m) => m.level === 'error') || undefined})}
      {hint ? (
        <span id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <MessageList id={`${inputId}-msg`} field={field} />
    </div>
  );
}

function TextField({field, label, value, onChange, hint, list, wide}: {field: string; label: string; value: string; onChange: (value: string) => void; hint?: string; list?: string; wide?: boolean}): ReactNode {
  return (
    <Field field={field} label={label} hint={hint} wide={wide}>
      {(props) => <input {...props} type="text" className={styles.input} value={value} list={list} spellCheck={false} autoComplete="off" onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

function LinesField({field, label, value, onChange, hint}: {field: string; label: string; value: string; onChange: (value: string) => void; hint?: string}): ReactNode {
  return (
    <Field field={field} label={label} hint={hint} wide>
      {(props) => <textarea {...props} className={styles.input} rows={Math.min(5, Math.max(2, value.split('\n').length))} value={value} spellCheck={false} onChange={(event) => onChange(event.target.value)} />}
    </Field>
  );
}

function Checkbox({field, label, checked, onChange}: {field: string; label: string; checked: boolean; onChange: (checked: boolean) => void}): ReactNode {
  const {id, messages} = useShared();
  const inputId = id(field);
  const hasMessages = (messages.get(field) ?? []).length > 0;
  return (
    <div className={styles.check}>
      <input id={inputId} type="checkbox" checked={checked} aria-describedby={hasMessages ? `${inputId}-msg` : undefined} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={inputId}>{label}</label>
      <MessageList id={`${inputId}-msg`} field={field} />
    </div>
  );
}

function Button({children, onClick, label, kind = 'secondary'}: {children: ReactNode; onClick: () => void; label?: string; kind?: 'primary' | 'secondary'}): ReactNode {
  return (
    <button type="button" className={kind === 'primary' ? `${styles.button} ${styles.primary}` : styles.button} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}

function Verdict({passed, children}: {passed: boolean; children: ReactNode}): ReactNode {
  return (
    <p className={passed ? `${styles.verdict} ${styles.pass}` : `${styles.verdict} ${styles.fail}`}>
      <span className={styles.mark} aria-hidden="true">
        {passed ? '✓' : '✗'}
      </span>{' '}
      {children}
    </p>
  );
}

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1).replace(/\.0$/, '')} %`;

function BucketText({bucket}: {bucket: Bucket}): ReactNode {
  const input = `${bucket.groupId}:${bucket.value}`;
  return (
    <>
      murmur3(<code>{JSON.stringify(input)}</code>, seed {bucket.seed}) mod {bucket.modulus} + 1 = <strong>{bucket.bucket}</strong>
      {bucket.random ? ' (from a random draw: another check draws again)' : ''}
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Constraints

function ConstraintEditor({field, constraint, index, onChange, onRemove, owner}: {field: string; constraint: ConstraintDraft; index: number; onChange: (change: (c: ConstraintDraft) => void) => void; onRemove: () => void; owner: string}): ReactNode {
  const {id, context, now} = useShared();
  const list = LIST_OPERATORS.has(constraint.operator);
  const converted = {
    contextName: constraint.contextName,
    operator: constraint.operator,
    values: list ? constraint.values.split('\n').filter((line) => line !== '') : [],
    ...(list ? {} : {value: constraint.value}),
    caseInsensitive: constraint.caseInsensitive,
    inverted: constraint.inverted,
  };
  const outcomes = ENGINES.map((engine) => checkConstraint(converted, context, engine, now));
  const [node, ygg] = outcomes as [ReturnType<typeof checkConstraint>, ReturnType<typeof checkConstraint>];
  return (
    <fieldset className={styles.constraint}>
      <legend>{`Constraint ${index + 1}`}</legend>
      <div className={styles.row}>
        <TextField field={`${field}.contextName`} label="Context field" value={constraint.contextName} list={id('fields')} onChange={(value) => onChange((c) => void (c.contextName = value))} />
        <Field field={`${field}.operator`} label="Operator">
          {(props) => (
            <select {...props} className={styles.input} value={constraint.operator} onChange={(event) => onChange((c) => void (c.operator = event.target.value))}>
              {OPERATORS.map((operator) => (
                <option key={operator} value={operator}>
                  {operator === 'IN_CIDR' ? 'IN_CIDR (SDKs only)' : operator}
                </option>
              ))}
              {(OPERATORS as readonly string[]).includes(constraint.operator) ? null : <option value={constraint.operator}>{constraint.operator}</option>}
            </select>
          )}
        </Field>
        {list ? (
          <LinesField field={`${field}.values`} label="Values (one per line)" value={constraint.values} onChange={(value) => onChange((c) => void (c.values = value))} />
        ) : (
          <TextField field={`${field}.value`} label={constraint.operator === 'REGEX' ? 'Pattern' : 'Value'} value={constraint.value} wide onChange={(value) => onChange((c) => void (c.value = value))} />
        )}
      </div>
      <div className={styles.row}>
        {CASE_INSENSITIVE_OPERATORS.has(constraint.operator) || constraint.caseInsensitive ? (
          <Checkbox field={`${field}.caseInsensitive`} label="Case-insensitive" checked={constraint.caseInsensitive} onChange={(checked) => onChange((c) => void (c.caseInsensitive = checked))} />
        ) : null}
        <Checkbox field={`${field}.inverted`} label="Inverted (NOT)" checked={constraint.inverted} onChange={(checked) => onChange((c) => void (c.inverted = checked))} />
        <Button onClick={onRemove} label={`Remove constraint ${index + 1} of ${owner}`}>
          Remove
        </Button>
      </div>
      <Verdict passed={node.passed}>
        {node.passed ? 'Passes' : 'Fails'}: {node.reason}.
      </Verdict>
      {ygg.passed !== node.passed || ygg.compileError ? (
        <p className={styles.differs}>
          Yggdrasil: {ygg.passed ? 'passes' : 'fails'}, {ygg.reason}.
        </p>
      ) : null}
    </fieldset>
  );
}

function ConstraintList({field, constraints, onChange, owner}: {field: string; constraints: ConstraintDraft[]; onChange: (change: (list: ConstraintDraft[]) => void) => void; owner: string}): ReactNode {
  return (
    <div className={styles.list}>
      {constraints.map((constraint, j) => (
        <ConstraintEditor
          key={j}
          field={`${field}.c${j}`}
          index={j}
          owner={owner}
          constraint={constraint}
          onChange={(change) => onChange((list) => change(list[j]!))}
          onRemove={() => onChange((list) => void list.splice(j, 1))}
        />
      ))}
      <Button onClick={() => onChange((list) => void list.push(emptyConstraint()))} label={`Add constraint to ${owner}`}>
        Add constraint
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Variants

function VariantRows({field, variants, onChange, owner, picked, overrides}: {field: string; variants: VariantDraft[] | FlagVariantDraft[]; onChange: (change: (list: FlagVariantDraft[]) => void) => void; owner: string; picked?: string; overrides?: boolean}): ReactNode {
  const {id} = useShared();
  const total = variants.reduce((sum, variant) => sum + weightNumber(variant.weight), 0);
  return (
    <div className={styles.list}>
      {variants.map((variant, j) => {
        const prefix = `${field}v${j}`;
        const label = `variant ${j + 1} of ${owner}`;
        const update = (change: (v: FlagVariantDraft) => void) => onChange((list) => change(list[j]!));
        return (
          <fieldset key={j} className={styles.variant}>
            <legend>{`Variant ${j + 1}`}</legend>
            <div className={styles.row}>
              <TextField field={`${prefix}.name`} label="Name" value={variant.name} onChange={(value) => update((v) => void (v.name = value))} />
              <TextField
                field={`${prefix}.weight`}
                label="Weight (of 1000)"
                value={variant.weight}
                hint={total > 0 ? `${percent(weightNumber(variant.weight), total)} of the total` : undefined}
                onChange={(value) => update((v) => void (v.weight = value))}
              />
              <Field field={`${prefix}.payloadType`} label="Payload type">
                {(props) => (
                  <select {...props} className={styles.input} value={variant.payload.type} onChange={(event) => update((v) => void (v.payload.type = event.target.value as FlagVariantDraft['payload']['type']))}>
                    <option value="">none</option>
                    <option value="string">string</option>
                    <option value="json">json</option>
                    <option value="csv">csv</option>
                    <option value="number">number</option>
                  </select>
                )}
              </Field>
              {variant.payload.type ? <TextField field={`${prefix}.payload`} label="Payload value" value={variant.payload.value} wide onChange={(value) => update((v) => void (v.payload.value = value))} /> : null}
            </div>
            {overrides
              ? (variant as FlagVariantDraft).overrides.map((override, o) => (
                  <div className={styles.row} key={o}>
                    <TextField field={`${prefix}.o${o}.contextName`} label={`Override ${o + 1}: context field`} value={override.contextName} list={id('fields')} onChange={(value) => update((v) => void (v.overrides[o]!.contextName = value))} />
                    <LinesField field={`${prefix}.o${o}.values`} label={`Override ${o + 1}: values (one per line)`} value={override.values} onChange={(value) => update((v) => void (v.overrides[o]!.values = value))} />
                    <Button onClick={() => update((v) => void v.overrides.splice(o, 1))} label={`Remove override ${o + 1} of ${label}`}>
                      Remove override
                    </Button>
                  </div>
                ))
              : null}
            <div className={styles.row}>
              {overrides ? (
                <Button onClick={() => update((v) => void v.overrides.push({contextName: 'userId', values: ''}))} label={`Add override to ${label}`}>
                  Add override
                </Button>
              ) : null}
              <Button onClick={() => onChange((list) => void list.splice(j, 1))} label={`Remove ${label}`}>
                Remove variant
              </Button>
              {picked === variant.name ? <span className={styles.picked}>Picked for this context</span> : null}
            </div>
          </fieldset>
        );
      })}
      <MessageList id={id(`${field}weights`)} field={`${field}weights`} />
      <Button onClick={() => onChange((list) => void list.push(emptyVariant(`variant-${list.length + 1}`, String(variants.length === 0 ? 1000 : 0))))} label={`Add variant to ${owner}`}>
        Add variant
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Strategies

function strategyVerdict(trace: StrategyTrace, state: SandboxState): string {
  if (trace.enabled) return `Matches: ${trace.reason}.`;
  if (trace.failedConstraint !== undefined) {
    const failed = trace.constraints[trace.failedConstraint]!;
    let where = `constraint ${trace.failedConstraint + 1}`;
    if (failed.source === 'segment') {
      const within = trace.constraints.slice(0, trace.failedConstraint).filter((c) => c.source === 'segment' && c.segmentId === failed.segmentId).length + 1;
      const name = state.segments.find((s) => s.id === failed.segmentId)?.name || String(failed.segmentId);
      where = failed.constraint ? `segment ${JSON.stringify(name)}, constraint ${within},` : `segment ${JSON.stringify(name)}`;
    }
    return `Does not match: ${where} fails (${failed.reason}).`;
  }
  return `Does not match: ${trace.reason}.`;
}

function StrategyEditor({strategy, index, count, traces, state, picked}: {strategy: StrategyDraft; index: number; count: number; traces: Record<Engine, StrategyTrace | undefined>; state: SandboxState; picked?: string}): ReactNode {
  const {edit, id} = useShared();
  const field = `s${index}`;
  const owner = `strategy ${index + 1}`;
  const update = (change: (s: StrategyDraft) => void) => edit((draft) => change(draft.strategies[index]!));
  const parameters = STRATEGY_PARAMETERS[strategy.name] ?? [];
  const node = traces.node;
  const ygg = traces.yggdrasil;
  return (
    <fieldset className={styles.card}>
      <legend>{`Strategy ${index + 1}`}</legend>
      {node ? (
        <Verdict passed={node.enabled}>{strategyVerdict(node, state)}</Verdict>
      ) : null}
      {node && ygg && (ygg.enabled !== node.enabled || ygg.bucket?.bucket !== node.bucket?.bucket) ? (
        <p className={styles.differs}>
          Yggdrasil: {strategyVerdict(ygg, state)}
          {ygg.bucket && ygg.bucket.bucket !== node.bucket?.bucket ? ` Its bucket is ${ygg.bucket.bucket} of 100.` : ''}
        </p>
      ) : null}
      <div className={styles.row}>
        <Field field={`${field}.name`} label="Strategy">
          {(props) => (
            <select {...props} className={styles.input} value={strategy.name} onChange={(event) => update((s) => void (s.name = event.target.value))}>
              {Object.entries(STRATEGY_LABELS).map(([name, label]) => (
                <option key={name} value={name}>
                  {label}
                </option>
              ))}
              {STRATEGY_LABELS[strategy.name] ? null : <option value={strategy.name}>{strategy.name} (custom)</option>}
            </select>
          )}
        </Field>
        {parameters.map((parameter) => (
          <TextField
            key={parameter}
            field={`${field}.${parameter}`}
            label={PARAMETER_LABELS[parameter]!}
            value={strategy[parameter]}
            list={parameter === 'stickiness' ? id('stickiness') : undefined}
            wide={parameter === 'userIds' || parameter === 'IPs' || parameter === 'hostNames'}
            onChange={(value) => update((s) => void (s[parameter] = value))}
          />
        ))}
      </div>
      {node?.bucket ? (
        <p className={styles.detail}>
          <BucketText bucket={node.bucket} />
        </p>
      ) : null}
      <h4 className={styles.subheading}>Constraints</h4>
      <ConstraintList field={field} constraints={strategy.constraints} owner={owner} onChange={(change) => update((s) => change(s.constraints))} />
      <h4 className={styles.subheading}>Segments</h4>
      {state.segments.length === 0 ? <p className={styles.detail}>No segments are defined; add one under Segments below.</p> : null}
      <div className={styles.row}>
        {state.segments.map((segment) => (
          <Checkbox
            key={segment.id}
            field={`${field}.segment${segment.id}`}
            label={`Use segment ${JSON.stringify(segment.name || String(segment.id))}`}
            checked={strategy.segments.includes(segment.id)}
            onChange={(checked) => update((s) => void (s.segments = checked ? [...s.segments, segment.id] : s.segments.filter((sid) => sid !== segment.id)))}
          />
        ))}
      </div>
      <MessageList id={id(`${field}.segments-msg`)} field={`${field}.segments`} />
      <h4 className={styles.subheading}>Strategy variants</h4>
      <VariantRows field={`${field}.`} variants={strategy.variants} owner={owner} picked={picked} onChange={(change) => update((s) => change(s.variants as FlagVariantDraft[]))} />
      <div className={styles.row}>
        {index > 0 ? (
          <Button onClick={() => edit((draft) => void draft.strategies.splice(index - 1, 0, ...draft.strategies.splice(index, 1)))} label={`Move up: strategy ${index + 1}`}>
            Move up
          </Button>
        ) : null}
        {index < count - 1 ? (
          <Button onClick={() => edit((draft) => void draft.strategies.splice(index + 1, 0, ...draft.strategies.splice(index, 1)))} label={`Move down: strategy ${index + 1}`}>
            Move down
          </Button>
        ) : null}
        <Button onClick={() => edit((draft) => void draft.strategies.splice(index, 1))} label={`Remove strategy ${index + 1}`}>
          Remove strategy
        </Button>
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
// Context

const CONTEXT_FIELDS: Array<{key: keyof Omit<ContextDraft, 'properties'>; hint?: string}> = [
  {key: 'userId'},
  {key: 'sessionId'},
  {key: 'remoteAddress', hint: 'An IPv4 or IPv6 address.'},
  {key: 'environment'},
  {key: 'appName'},
  {key: 'currentTime', hint: 'For example 2025-03-01T09:00:00Z.'},
];

function ContextEditor({state}: {state: SandboxState}): ReactNode {
  const {edit} = useShared();
  const needsHost = state.strategies.some((strategy) => strategy.name === 'applicationHostname');
  return (
    <div className={styles.block}>
      <div className={styles.row}>
        {CONTEXT_FIELDS.map(({key, hint}) => (
          <TextField key={key} field={`ctx.${key}`} label={key} hint={hint} value={state.context[key]} onChange={(value) => edit((draft) => void (draft.context[key] = value))} />
        ))}
        {needsHost ? (
          <TextField field="hostname" label="Host name (of the SDK's machine)" value={state.hostname} onChange={(value) => edit((draft) => void (draft.hostname = value))} />
        ) : null}
      </div>
      {state.context.properties.map((property, k) => (
        <div className={styles.row} key={k}>
          <TextField field={`ctx.p${k}.name`} label={`Property ${k + 1}: name`} value={property.name} onChange={(value) => edit((draft) => void (draft.context.properties[k]!.name = value))} />
          <TextField field={`ctx.p${k}.value`} label={`Property ${k + 1}: value`} value={property.value} onChange={(value) => edit((draft) => void (draft.context.properties[k]!.value = value))} />
          <Button onClick={() => edit((draft) => void draft.context.properties.splice(k, 1))} label={`Remove property ${k + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button onClick={() => edit((draft) => void draft.context.properties.push({name: '', value: ''}))} label="Add property to the context">
        Add property
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Result

function variantText(evaluation: Evaluation): string {
  const {variant} = evaluation;
  if (!variant.enabled) return `"disabled"`;
  return `${JSON.stringify(variant.name)}${variant.payload ? ` (${variant.payload.type} payload: ${variant.payload.value})` : ''}`;
}

function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function Result({results, state}: {results: Record<Engine, Evaluation>; state: SandboxState}): ReactNode {
  const node = results.node;
  const ygg = results.yggdrasil;
  const agree = node.enabled === ygg.enabled && node.variant.name === ygg.variant.name;
  const decided = node.decidedBy !== undefined ? node.strategies[node.decidedBy] : undefined;
  const bucketTrace = decided?.bucket ? decided : node.strategies.find((trace) => trace.bucket);
  const [announcement, setAnnouncement] = useState('');
  const summary = `${node.enabled ? 'Enabled' : 'Disabled'}, variant ${variantText(node)}${agree ? ', in both SDK families' : `; Yggdrasil: ${ygg.enabled ? 'enabled' : 'disabled'}, variant ${variantText(ygg)}`}.`;
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnouncement(summary), 700);
    return () => window.clearTimeout(timer);
  }, [summary]);
  return (
    <div className={styles.result}>
      <p className={styles.answer}>
        <span className={node.enabled ? `${styles.badge} ${styles.on}` : `${styles.badge} ${styles.off}`}>{node.enabled ? 'Enabled' : 'Disabled'}</span>{' '}
        <span>
          variant <strong>{variantText(node)}</strong>
        </span>
      </p>
      <p>
        <strong>Why:</strong> {sentence(node.reason)}
        {decided ? ` ${sentence(decided.reason)}` : ''}
      </p>
      {node.decidedBy === undefined && node.strategies.length > 1 && !node.enabled && node.flagEnabled ? (
        <ul className={styles.why}>
          {node.strategies.map((trace) => (
            <li key={trace.index}>
              Strategy {trace.index + 1}: {strategyVerdict(trace, state)}
            </li>
          ))}
        </ul>
      ) : null}
      {bucketTrace?.bucket ? (
        <p>
          <strong>Bucket:</strong> {bucketTrace.bucket.bucket} of 100 (strategy {bucketTrace.index + 1}, stickiness {bucketTrace.bucket.stickiness}): <BucketText bucket={bucketTrace.bucket} />
        </p>
      ) : null}
      {node.variantTrace ? (
        <p>
          <strong>Variant:</strong> {sentence(node.variantTrace.reason)}
          {node.variantTrace.bucket ? (
            <>
              {' '}
              <BucketText bucket={node.variantTrace.bucket} />
            </>
          ) : null}
        </p>
      ) : null}
      <table className={styles.engines}>
        <caption>What each SDK family answers</caption>
        <thead>
          <tr>
            <th scope="col">Evaluated as</th>
            <th scope="col">isEnabled</th>
            <th scope="col">getVariant</th>
          </tr>
        </thead>
        <tbody>
          {ENGINES.map((engine) => (
            <tr key={engine}>
              <th scope="row">{ENGINE_LABELS[engine]}</th>
              <td>{String(results[engine].enabled)}</td>
              <td>{variantText(results[engine])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!agree || ygg.reason !== node.reason ? <p className={styles.differs}>Yggdrasil: {sentence(ygg.reason)}</p> : null}
      {[node, ygg].some((r) => r.strategies.some((t) => t.bucket?.nonAscii)) ? (
        <p className={styles.detail}>
          The hashed text has characters outside ASCII: Yggdrasil hashes its UTF-8 bytes, while the Node.js SDK hashes the low byte of each UTF-16 unit, so their buckets can differ.
        </p>
      ) : null}
      <div className={styles.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The sandbox

type LinkStatus = 'idle' | 'copied' | 'failed';

export default function Sandbox({example}: {example?: string}): ReactNode {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [state, setState] = useState<SandboxState>(() => exampleState(example));
  const [origin, setOrigin] = useState<'example' | 'link' | 'bad-link'>('example');
  const [dirty, setDirty] = useState(false);
  const [linkStatus, setLinkStatus] = useState<LinkStatus>('idle');
  const [fallbackLink, setFallbackLink] = useState('');
  const loaded = useRef(false);

  // A shared link's case replaces the page's example.
  useEffect(() => {
    const encoded = stateFromHash(window.location.hash);
    if (!encoded) {
      loaded.current = true;
      return;
    }
    void decodeState(encoded).then((decoded) => {
      if (decoded) {
        setState(decoded);
        setOrigin('link');
      } else {
        setOrigin('bad-link');
      }
      loaded.current = true;
    });
  }, []);

  // Once edited, the case is kept in the address, so reloading or sharing it keeps it.
  useEffect(() => {
    if (!dirty) return undefined;
    const timer = window.setTimeout(() => {
      void encodeState(state).then((encoded) => {
        const {pathname, search} = window.location;
        window.history.replaceState(window.history.state, '', `${pathname}${search}${hashFor(encoded)}`);
      });
    }, 250);
    return () => window.clearTimeout(timer);
  }, [state, dirty]);

  const edit = useCallback((change: Change) => {
    setState((current) => {
      const draft = structuredClone(current);
      change(draft);
      return draft;
    });
    setDirty(true);
    setLinkStatus('idle');
  }, []);

  const now = useMemo(() => {
    const moment = new Date();
    return () => moment;
  }, [state]);
  const context = useMemo(() => contextOf(state.context), [state.context]);
  const results = useMemo(() => {
    const featureState = featureStateOf(state);
    const out = {} as Record<Engine, Evaluation>;
    for (const engine of ENGINES) out[engine] = evaluate(featureState, state.flagName, context, {engine, random: seededRandom(), now, hostname: state.hostname || undefined});
    return out;
  }, [state, context, now]);
  const messages = useMemo(() => diagnose(state), [state]);
  const shared = useMemo<Shared>(() => ({id: (field) => `${uid}-${field.replace(/\./g, '-')}`, messages, edit, context, now}), [uid, messages, edit, context, now]);

  const copyLink = async () => {
    const encoded = await encodeState(state);
    const url = `${window.location.origin}${window.location.pathname}${window.location.search}${hashFor(encoded)}`;
    window.history.replaceState(window.history.state, '', url);
    try {
      await navigator.clipboard.writeText(url);
      setLinkStatus('copied');
      setFallbackLink('');
    } catch {
      setLinkStatus('failed');
      setFallbackLink(url);
    }
  };

  const reset = () => {
    setState(exampleState(example));
    setOrigin('example');
    setDirty(false);
    setLinkStatus('idle');
    const {pathname, search} = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  };

  const propertyNames = state.context.properties.map((p) => p.name).filter(Boolean);
  const fieldNames = [...new Set([...STANDARD_FIELDS, ...propertyNames])];
  const stickinessNames = [...new Set(['default', 'random', 'userId', 'sessionId', ...propertyNames])];

  return (
    <SandboxContext.Provider value={shared}>
      <section className={styles.sandbox} aria-label="Evaluation sandbox" data-evaluation-sandbox="">
        <style href="ue-evaluation-sandbox" precedence="default">
          {SANDBOX_CSS}
        </style>
        <datalist id={shared.id('fields')}>
          {fieldNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <datalist id={shared.id('stickiness')}>
          {stickinessNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <div className={styles.toolbar}>
          <Button kind="primary" onClick={() => void copyLink()}>
            Copy link to this case
          </Button>
          <Button onClick={reset}>Reset to this page's example</Button>
          <span role="status" className={styles.status}>
            {linkStatus === 'copied' ? 'Link copied.' : linkStatus === 'failed' ? 'Could not copy; the link is below.' : ''}
          </span>
        </div>
        {fallbackLink ? <TextFieldStatic label="Link to this case" value={fallbackLink} id={shared.id('link')} /> : null}
        {origin === 'link' ? <p className={styles.detail}>This is the case from the link you opened.</p> : null}
        {origin === 'bad-link' ? <p className={`${styles.messages} ${styles.error}`}>The case in this link could not be read, so the page's example is shown.</p> : null}

        <h3 className={styles.heading}>Result</h3>
        <Result results={results} state={state} />

        <h3 className={styles.heading}>Context</h3>
        <ContextEditor state={state} />

        <h3 className={styles.heading}>Flag</h3>
        <div className={styles.row}>
          <TextField field="flagName" label="Flag name" value={state.flagName} onChange={(value) => edit((draft) => void (draft.flagName = value))} />
          <Checkbox field="enabled" label="Enabled in this environment" checked={state.enabled} onChange={(checked) => edit((draft) => void (draft.enabled = checked))} />
        </div>
        {state.strategies.length === 0 ? <p className={styles.detail}>No strategies: an enabled flag without strategies is on for everyone.</p> : null}
        {state.strategies.map((strategy, i) => (
          <StrategyEditor
            key={i}
            strategy={strategy}
            index={i}
            count={state.strategies.length}
            state={state}
            traces={{node: results.node.strategies[i], yggdrasil: results.yggdrasil.strategies[i]}}
            picked={results.node.variantTrace?.source === 'strategy' && results.node.variantTrace.strategyIndex === i ? results.node.variant.name : undefined}
          />
        ))}
        <Button onClick={() => edit((draft) => void draft.strategies.push(emptyStrategy('flexibleRollout', draft.flagName)))}>Add strategy</Button>

        <h3 className={styles.heading}>Flag variants</h3>
        <p className={styles.detail}>Used when the strategy that enables the flag has no variants of its own.</p>
        {state.variants.length > 0 ? (
          <div className={styles.row}>
            <TextField field="variantStickiness" label="Variant stickiness" value={state.variantStickiness} list={shared.id('stickiness')} onChange={(value) => edit((draft) => void (draft.variantStickiness = value))} />
          </div>
        ) : null}
        <VariantRows field="" variants={state.variants} owner="the flag" overrides picked={results.node.variantTrace?.source === 'flag' ? results.node.variant.name : undefined} onChange={(change) => edit((draft) => change(draft.variants))} />

        <h3 className={styles.heading}>Segments</h3>
        <p className={styles.detail}>A segment is a named list of constraints that strategies can share; tick it on a strategy to apply it.</p>
        {state.segments.map((segment, k) => (
          <fieldset key={segment.id} className={styles.card}>
            <legend>{`Segment ${k + 1}`}</legend>
            <div className={styles.row}>
              <TextField field={`g${k}.name`} label="Segment name" value={segment.name} onChange={(value) => edit((draft) => void (draft.segments[k]!.name = value))} />
              <p className={styles.detail}>ID {segment.id}</p>
            </div>
            <ConstraintList field={`g${k}`} constraints={segment.constraints} owner={`segment ${k + 1}`} onChange={(change) => edit((draft) => change(draft.segments[k]!.constraints))} />
            <Button
              onClick={() =>
                edit((draft) => {
                  draft.segments.splice(k, 1);
                  for (const strategy of draft.strategies) strategy.segments = strategy.segments.filter((sid) => sid !== segment.id);
                })
              }
              label={`Remove segment ${k + 1}`}
            >
              Remove segment
            </Button>
          </fieldset>
        ))}
        <Button
          onClick={() =>
            edit((draft) => {
              const id = Math.max(0, ...draft.segments.map((s) => s.id)) + 1;
              draft.segments.push({id, name: `segment-${id}`, constraints: [emptyConstraint()]});
            })
          }
        >
          Add segment
        </Button>
      </section>
    </SandboxContext.Provider>
  );
}

function TextFieldStatic({label, value, id}: {label: string; value: string; id: string}): ReactNode {
  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} className={styles.input} type="text" readOnly value={value} onFocus={(event) => event.target.select()} />
    </div>
  );
}
