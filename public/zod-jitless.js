// Runs before the app's modules (a deferred classic script ahead of the module script in index.html).
// zod compiles object parsers with `new Function`, probing first whether it may, as each object schema
// is built; under this site's CSP (script-src 'self') the refused probe is a CSP violation on every page.
// Without its JIT zod parses the same way, a little slower. It reads its settings from this global, and
// the setting must be there before any schema is built, which no import order inside the bundle ensures.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
