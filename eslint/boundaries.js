// The layout's import boundaries as one ESLint rule (docs/ARCHITECTURE.md, "Folders"). Each import is resolved
// to a path in the repository (`~/` is app/, relative paths from the importing file) and checked against the
// boundaries below; packages from node_modules are not checked.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The import's target relative to the repository root, or null for a package. */
function resolveTarget(file, spec) {
  const bare = spec.split("?")[0];
  if (bare.startsWith("~/")) return path.posix.join("app", bare.slice(2));
  if (!bare.startsWith(".")) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), bare));
}

const area = (p) => p.match(/^app\/([^/]+)\//)?.[1] ?? null;
const NON_AREAS = new Set(["routes", "api"]);
const isAreaFile = (p) => area(p) !== null && !NON_AREAS.has(area(p));
const isServerModule = (p) => /\.server(\.tsx?)?$/.test(p);
const isHttpModule = (p) => p.startsWith("app/api/") || /^app\/[^/]+\/([a-z-]+-)?api\.ts$/.test(p);

/** Each boundary: which files it applies to, which targets they may not import, and why. */
const BOUNDARIES = [
  {
    from: (f) => !f.startsWith("app/") && !f.startsWith("tests/"),
    to: (t) => t.startsWith("app/"),
    why: "Code outside app/ (core, db, workers, queues, scripts) never imports from app/: move what it needs to core/.",
  },
  {
    from: (f) => f.startsWith("core/") || f.startsWith("db/"),
    to: (t) => t.startsWith("workers/") || t.startsWith("queues/"),
    why: "core/ and db/ sit below the workers and never import them.",
  },
  {
    from: (f) => f.startsWith("app/"),
    to: (t) => t.startsWith("workers/") || t.startsWith("queues/"),
    why: "app/ never imports from a worker or queue consumer (not even types): what both sides use, an RPC service's types too, lives in core/.",
  },
  {
    from: (f) => !isAreaFile(f) || !isServerModule(f),
    to: (t) => t.startsWith("db/"),
    // The /v1 layer opens the request's database handle (db/client) and passes it to the server modules.
    exempt: (f, t) => !f.startsWith("app/") || (t === "db/client" && isHttpModule(f)),
    why: "Inside app/, only an area's server modules (*.server.ts) reach db/: call the area's <area>.server.ts instead.",
  },
  {
    from: () => true,
    to: (t, f) => /^app\/[^/]+\/server\//.test(t) && area(t) !== area(f),
    exempt: (f) => f.startsWith("tests/"),
    why: "An area's server/ folder is private to the area: import its <area>.server.ts.",
  },
  {
    from: (f) => f.startsWith("app/routes/"),
    to: (t) => t.startsWith("app/api/") || /^app\/[^/]+\/([a-z-]+-)?api(\.tsx?)?$/.test(t) || /^app\/[^/]+\/(generation|media|([a-z-]+-)?cloning)\.server/.test(t),
    why: "Routes are thin: they call the server modules of the areas they show, never the /v1 HTTP layer (or the codec-heavy generation, media and cloning pipelines).",
  },
  {
    from: (f) => /^(app\/[^/]+|core)\/(.+\/)?rules\//.test(f),
    to: (t) => isServerModule(t) || t.startsWith("db/") || /\/(components|browser|server)\//.test(t),
    why: "rules/ are pure: no server modules, database, components or browser code.",
  },
  {
    from: (f) => /^app\/[^/]+\/browser\//.test(f),
    to: (t) => /\/components\//.test(t) || isServerModule(t),
    why: "Browser helpers sit below components: a component may use them, not the other way round.",
  },
  {
    from: (f) => f.startsWith("app/common/"),
    to: (t) => isAreaFile(t) && area(t) !== "common",
    why: "app/common/ is below every product area and imports none of them.",
  },
];

export default {
  rules: {
    boundaries: {
      meta: { type: "problem", schema: [], docs: { description: "Import boundaries between product areas, core, db and workers" } },
      create(context) {
        const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
        if (file.startsWith("..")) return {};
        function check(node) {
          const spec = node.source?.value;
          if (typeof spec !== "string") return;
          const target = resolveTarget(file, spec);
          if (target === null) return;
          for (const b of BOUNDARIES) {
            if (!b.from(file) || b.exempt?.(file, target) || !b.to(target, file)) continue;
            context.report({ node: node.source, message: `${b.why} (${spec})` });
          }
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
      },
    },
  },
};
