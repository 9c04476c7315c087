// The layer and cycle check: `npm run deps`, and tests/architecture/dependencies.test.ts in `npm test`.
// docs/architecture.md explains the layers; the rules below are the whole of what is enforced:
//   domain/      imports nothing outside domain/ (pure: no node: modules, no packages); its tests only vitest
//   commands/    domain/ and ports from infra/ (infra/**/port.ts)
//   projections/ domain/, infra/db and the event-store port the runner reads $all through; its CLIs
//                (rebuild-cli.ts, ledger-cli.ts) are entry points that wire the configured stores
//   infra/       domain/ and other infra/
//   api/         everything server-side, never the tests or the apps
//   web-shared/  browser code both apps use (hooks, components, the socket and Janus clients): domain/ and
//                packages only; no node: modules; neither app, no server code
//   web-fan/, web-admin/  themselves, web-shared/, domain/ (shared wire types and rules) and packages: never server
//                code, never each other, no node: modules in the browser code
//   CLI entry points  their own layer and below, never api/ or commands/
//   tests/       anything; product code never imports a test file or tests/
//   (nothing but the apps and tests imports web-shared/: domain/ and the server folders never do)
//   and no import circle anywhere.
// There is no baseline of tolerated violations: every arrow that breaks a rule fails. An adapter a command needs
// gets a port (infra/<area>/port.ts) and arrives as a parameter; what it reads from a read model, as a function.

/** A test file (or a domain test helper) may import its test tools. */
const TEST_FILE = '(\\.test\\.tsx?$|^domain/shared/given-when-then\\.ts$)';
/** The command-line entry points (npm run rebuild / ledger / events): they open the configured stores. */
const CLI_ENTRY = '^(projections/[^/]+-cli\\.ts|infra/cli/[^/]+)$';
const SERVER = '^(api|commands|projections|infra)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle between modules: every file in it depends on every other. Move the shared piece down a layer.',
      from: { path: '^(domain|commands|projections|api|infra|web-shared|web-fan/src|web-admin/src)/' },
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ imports nothing outside domain/: no I/O, no clock, no packages, no node: modules.',
      from: { path: '^domain/', pathNot: TEST_FILE },
      to: { pathNot: '^domain/' },
    },
    {
      name: 'domain-tests-only-vitest',
      severity: 'error',
      comment: 'A domain test (or the given/when/then helper) imports domain/ and vitest, nothing else.',
      from: { path: '^domain/.*(\\.test\\.tsx?|/given-when-then\\.ts)$' },
      to: { pathNot: ['^domain/', '^node_modules/vitest/'] },
    },
    {
      name: 'apps-not-to-server',
      severity: 'error',
      comment: 'The web apps talk to the server over HTTP only; they share web-shared/ and domain/ (wire types and rules), never server code.',
      from: { path: '^web-(fan|admin|shared)/' },
      to: { path: '^(api|commands|projections|infra|tests)/' },
    },
    {
      name: 'apps-not-to-each-other',
      severity: 'error',
      comment: 'The fan site and the console are separate apps; what both need in the browser lives in web-shared/, pure rules in domain/.',
      from: { path: '^web-(fan|admin)/' },
      to: { path: '^web-(fan|admin)/', pathNot: '^web-$1/' },
    },
    {
      name: 'apps-no-node-builtins',
      severity: 'error',
      comment: 'The apps (and what they share) run in the browser.',
      from: { path: '^(web-(fan|admin)/src|web-shared)/', pathNot: TEST_FILE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-web-only-domain',
      severity: 'error',
      comment: 'web-shared/ is below both apps: it imports domain/ and packages, never an app (or server code).',
      from: { path: '^web-shared/' },
      to: { path: '^web-(fan|admin)/' },
    },
    {
      name: 'shared-web-only-for-apps',
      severity: 'error',
      comment: 'Only the apps (and tests) use web-shared/: it is browser code; domain/ and the server never import it.',
      from: { path: '^(domain|api|commands|projections|infra)/' },
      to: { path: '^web-shared/' },
    },
    {
      name: 'commands-only-domain-and-ports',
      severity: 'error',
      comment: 'commands/ import domain/ and ports from infra/ (infra/**/port.ts); adapters arrive as parameters (services).',
      from: { path: '^commands/', pathNot: TEST_FILE },
      to: { path: ['^(api|projections|tests|web-fan|web-admin|web-shared)/', '^infra/'], pathNot: '^infra/.*/port\\.ts$' },
    },
    {
      name: 'projections-only-domain-and-db',
      severity: 'error',
      comment: 'projections/ import domain/ and infra/db (and the event-store port the runner reads $all through).',
      from: { path: '^projections/', pathNot: [TEST_FILE, CLI_ENTRY] },
      to: { path: ['^(api|commands|tests|web-fan|web-admin)/', '^infra/'], pathNot: ['^infra/db/', '^infra/eventstore/port\\.ts$'] },
    },
    {
      name: 'cli-not-upwards',
      severity: 'error',
      comment: 'A command-line entry point wires config and adapters of its own layer and below; never the API or commands.',
      from: { path: CLI_ENTRY },
      to: { path: '^(api|commands|tests|web-fan|web-admin)/' },
    },
    {
      name: 'infra-only-domain',
      severity: 'error',
      comment: 'infra/ adapters import domain/ and other infra/, never a layer above them.',
      from: { path: '^infra/', pathNot: TEST_FILE },
      to: { path: '^(api|commands|projections|tests|web-fan|web-admin)/' },
    },
    {
      name: 'api-server-side-only',
      severity: 'error',
      comment: 'api/ may import everything server-side, but not the tests or the apps\' sources.',
      from: { path: '^api/', pathNot: TEST_FILE },
      to: { path: '^(tests|web-fan|web-admin)/' },
    },
    {
      name: 'not-to-test-files',
      severity: 'error',
      comment: 'Product code never imports a test file or tests/.',
      from: { path: SERVER, pathNot: TEST_FILE },
      to: { path: ['\\.test\\.tsx?$', '^tests/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '^tests/artifacts/'] },
    // type-only imports are arrows too: a circle of types is still a knot
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
