// The request runner's server host (see instances.ts, which starts it and speaks to it).
//
// One Node process that loads the pinned unleash-server once and then starts and stops one
// instance after another, each on its own database, through the package's own start(). Loading
// the package costs about 1.5 s of CPU; starting an instance on an already migrated database
// costs about 0.15 s, so a fresh server per page stays cheap.
//
// Plain JavaScript on purpose: tsx's loader cannot load unleash-server (it resolves
// fast-json-patch's index.ts instead of its compiled code).
//
// Protocol, over the IPC channel (the server logs to stdout, so stdout cannot carry it):
//   {"cmd": "start", "database": "page_3", "port": 41234, "env": {...}, "options": {...}}
//     -> {"ok": true}
//   {"cmd": "createProject", "project": {"id": "checkout", "name": "Checkout"}} -> {"ok": true}
//   {"cmd": "settle"} -> {"ok": true}
//   {"cmd": "stop"} -> {"ok": true}
//   {"cmd": "fault", "kind": "unhandledRejection" | "exit" | "hang"}: for the harness's test
// Failures answer {"ok": false, "error": "..."}. Commands are handled one at a time, in order;
// each answer carries the command's "id".
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';

const require = createRequire(import.meta.url);
const entry = require.resolve('unleash-server');
const {start} = await import('unleash-server');
// prom-client as unleash-server resolves it: the instance registers its metrics there.
const {register} = require(createRequire(entry).resolve('prom-client'));
// Process-wide state inside the package, which its stop() leaves behind (it expects one
// instance per process): two singletons that hold the first instance's database, and the
// event emitter every instance's event store shares, whose listeners hold their instance's
// stores. Each stop resets them, so the next instance is built as in a new process.
const internal = (file) => import(new URL(file, pathToFileURL(entry)).href);
const {ClientFeatureToggleDelta} = await internal('./features/client-feature-toggles/delta/client-feature-toggle-delta.js');
const {default: ConfigurationRevisionService} = await internal('./features/feature-toggle/configuration-revision-service.js');
const {sharedEventEmitter} = await internal('./util/anyEventEmitter.js');

// Metrics the package registers when it loads, once per process. start() registers the rest
// on the same default registry and throws if they exist, so they are removed after each stop;
// these few are kept, since nothing would register them again.
const loadedMetrics = new Set(register.getMetricsAsArray().map((metric) => metric.name));

const dbPort = Number(process.env.RUNNER_DB_PORT);
let current;
let addedEnv = [];
// Set from the start of a stop until the next start. The scheduler's jobs and event listeners
// of an instance that is shutting down can still run and hit its closed database pool; knex
// throws then. Those errors belong to no page and are only logged; an error while an instance
// serves a page is kept and fails that page's stop.
let stopping = true;
let pageError;
const onUncaught = (error) => {
  console.error(`[runner host] ${stopping ? 'after stop, ignored' : 'uncaught'}: ${error.stack ?? error}`);
  if (!stopping) pageError ??= error;
};
// A rejected promise nobody awaits is logged and the host goes on, as the server's own handler
// (server-impl.js) means to do. The scheduler leaves one whenever a job's first, delayed run
// fails (scheduler-service.js does not catch it), which on a loaded machine happens when the
// job waits too long for a database connection.
const onUnhandledRejection = (reason) => {
  console.error(`[runner host] unhandled rejection, logged: ${reason?.stack ?? reason}`);
};
process.on('uncaughtException', onUncaught);
process.on('unhandledRejection', onUnhandledRejection);

/**
 * Every start adds process-wide handlers: the migrator's db-migrate registers an
 * uncaughtException and an unhandledRejection handler that call process.exit(1)
 * (db-migrate/lib/commands/helper/register-events.js), and the server adds a logging
 * unhandledRejection handler per instance. In a process that hosts one instance after another,
 * the first would end the host, and every instance after it, on any background job's failure;
 * the second piles up with the instances' loggers. Only the host's own handlers stay.
 */
function keepOwnHandlers() {
  for (const listener of process.listeners('uncaughtException')) if (listener !== onUncaught) process.removeListener('uncaughtException', listener);
  for (const listener of process.listeners('unhandledRejection')) if (listener !== onUnhandledRejection) process.removeListener('unhandledRejection', listener);
}

function baseOptions(database, port) {
  return {
    // The package's default pool is four connections, and a wait for one ends after 30 s. With
    // the scheduler on, about thirty jobs start with each instance beside the page's requests;
    // on a machine whose cores are busy with other work they held the four long enough for
    // jobs to give up (KnexTimeoutError). A larger pool and a bound on the wait scaled to the
    // machine (instances.ts passes it) keep them from starving; PostgreSQL allows 100.
    db: {host: '127.0.0.1', port: dbPort, user: 'postgres', password: '', database, ssl: false, pool: {min: 0, max: 12}, acquireConnectionTimeout: Number(process.env.RUNNER_DB_ACQUIRE_MS) || 120_000},
    // No graceful-shutdown handlers: each instance would add SIGTERM/SIGINT listeners to
    // this long-lived process.
    // unleashUrl: the address the server puts in the links it makes (invite and sign-up links),
    // as UNLEASH_URL does on a reader's server.
    server: {host: '127.0.0.1', port, unleashUrl: `http://127.0.0.1:${port}`, enableRequestLogger: false, gracefulShutdownEnable: false},
    // No request to Unleash's version service from the test.
    versionCheck: {enable: false},
    // The scheduler's timers would run jobs at moments that depend on the machine's speed,
    // and into a database being shut down. The runner runs the jobs itself between samples
    // instead (the settle command below).
    disableScheduler: true,
    // Everything else is the package's default, as on a reader's new instance (the OpenAPI
    // description, for one, is served because ENABLE_OAS defaults to true).
  };
}

/**
 * What the server's scheduler does within two minutes (features/scheduler/schedule-services.js
 * in the package), at once and in order: the new configuration revision and the Frontend API's
 * copy of the flags, events announced to listeners, reported metrics and application
 * instances written, token changes read, flags' last-seen times stored, potentially stale flags
 * marked, frontend settings (CORS origins) read, unknown flags written. A reader types the next
 * command seconds after the last; the runner settles between two samples so that the answer
 * does not depend on how fast this machine is. Jobs with longer intervals are not run.
 */
async function settle(services) {
  await services.configurationRevisionService.updateMaxRevisionId();
  await services.frontendApiService.refreshData();
  await services.eventAnnouncerService.publishUnannouncedEvents();
  await services.clientMetricsServiceV2.bulkAdd();
  await services.clientInstanceService.bulkAdd();
  await services.apiTokenService.fetchActiveTokens();
  await services.apiTokenV2Service.fetchActiveTokens();
  await services.apiTokenV2Service.pollTokenChanges();
  await services.lastSeenService.store();
  await services.featureToggleService.updatePotentiallyStaleFeatures();
  await services.frontendApiService.fetchFrontendSettings();
  await services.unknownFlagsService.flush();
}

function merge(base, extra) {
  const out = {...base};
  for (const [key, value] of Object.entries(extra ?? {})) {
    out[key] = value && typeof value === 'object' && !Array.isArray(value) && base[key] && typeof base[key] === 'object' ? merge(base[key], value) : value;
  }
  return out;
}

async function handle(command) {
  if (command.cmd === 'start') {
    if (current) throw new Error('an instance is already running; stop it first');
    // Environment variables a page's set-up asks for (createConfig reads them at start).
    addedEnv = Object.keys(command.env ?? {}).filter((name) => !(name in process.env));
    Object.assign(process.env, command.env ?? {});
    try {
      current = await start(merge(baseOptions(command.database, command.port), command.options));
    } finally {
      keepOwnHandlers();
    }
    stopping = false;
    pageError = undefined;
    return {ok: true};
  }
  if (command.cmd === 'createProject') {
    // The open-source edition serves no route to create a project; its project service does
    // create them (the Pro and Enterprise routes call it). The initial admin is the creator,
    // as when they add the project in the Admin UI of a paid edition.
    if (!current) throw new Error('no instance is running');
    const admin = await current.stores.userStore.getByQuery({username: 'admin'});
    await current.services.projectService.createProject(command.project, admin, {id: admin.id, username: admin.username, ip: '127.0.0.1'});
    return {ok: true};
  }
  if (command.cmd === 'settle') {
    if (!current) throw new Error('no instance is running');
    await settle(current.services);
    return {ok: true};
  }
  if (command.cmd === 'stop') {
    stopping = true;
    if (current) await current.stop();
    current = undefined;
    ClientFeatureToggleDelta.instance = undefined;
    ConfigurationRevisionService.instance?.destroy();
    sharedEventEmitter.removeAllListeners();
    for (const metric of register.getMetricsAsArray()) if (!loadedMetrics.has(metric.name)) register.removeSingleMetric(metric.name);
    for (const name of addedEnv) delete process.env[name];
    addedEnv = [];
    if (pageError) throw pageError;
    return {ok: true};
  }
  if (command.cmd === 'fault') {
    // For the harness's own test (instances.test.ts): what a server's background job can do to
    // the process that hosts it.
    if (command.kind === 'unhandledRejection') void Promise.reject(new Error('a background job failed (fault injected by the test)'));
    else if (command.kind === 'exit') setImmediate(() => process.exit(1));
    else if (command.kind === 'hang') await new Promise(() => {});
    else throw new Error(`unknown fault ${JSON.stringify(command.kind)}`);
    return {ok: true};
  }
  throw new Error(`unknown command ${JSON.stringify(command.cmd)}`);
}

let queue = Promise.resolve();
process.on('message', (command) => {
  queue = queue.then(async () => {
    let answer;
    try {
      answer = await handle(command);
    } catch (error) {
      answer = {ok: false, error: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error)};
    }
    // The answer names its command, so a late answer is never taken for another's.
    if (process.connected) process.send({...answer, id: command.id});
  });
});
// The parent went away: stop the instance (closing its database pool) and leave.
process.on('disconnect', () => queue.then(() => handle({cmd: 'stop'})).finally(() => process.exit(0)));

process.send({ok: true, ready: true});
