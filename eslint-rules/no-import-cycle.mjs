/**
 * `house/no-import-cycle`: no module may reach itself through its imports.
 *
 * import/no-cycle skips `import type`, but a cycle made of type imports still ties two modules
 * into one: neither can be read, moved or tested without the other. This rule follows every
 * static import and re-export, type-only ones included, and the `import()` calls too (a module
 * loaded late is still a module this one needs). It reports the import that closes the cycle,
 * with the whole path, on each file of it.
 *
 * Imports are read with TypeScript's `preProcessFile` (the import list only, no type checking),
 * once per file and lint run; `@/` is the repository's root, as tsconfig.json's `paths` say.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs"];

/** file → the repository files it imports (absolute paths); external packages are left out. */
const importsOf = new Map();

function resolveFile(base) {
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, "index" + e))]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function resolveSpecifier(from, specifier) {
  if (specifier.startsWith("@/")) return resolveFile(path.join(ROOT, specifier.slice(2)));
  if (specifier.startsWith(".")) return resolveFile(path.resolve(path.dirname(from), specifier));
  return null;
}

function importsIn(file, source) {
  const found = [];
  for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
    const target = resolveSpecifier(file, fileName);
    if (target && !target.includes(`${path.sep}node_modules${path.sep}`)) found.push({ specifier: fileName, target });
  }
  return found;
}

function imports(file) {
  let found = importsOf.get(file);
  if (!found) importsOf.set(file, (found = importsIn(file, fs.readFileSync(file, "utf8"))));
  return found;
}

/** The shortest import path from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { target } of imports(file)) {
      if (target === goal) {
        const chain = [file];
        for (let at = previous.get(file); at; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

const relative = (file) => path.relative(ROOT, file);

const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles, type-only imports and import() included" },
    schema: [],
    messages: { cycle: "Import cycle: {{chain}}. Move what both need to the module that owns it." },
  },
  create(context) {
    const file = path.resolve(context.filename);
    return {
      "Program:exit"(program) {
        // The file as linted (an editor's unsaved text, lintText in a test), the others as on disk.
        const own = importsIn(file, context.sourceCode.text);
        const reported = new Set();
        for (const { specifier, target } of own) {
          if (reported.has(target)) continue;
          const back = pathBack(target, file);
          if (!back) continue;
          reported.add(target);
          const node =
            program.body.find((n) => n.source && n.source.value === specifier) ??
            program.body[0] ??
            program;
          const chain = [file, ...back, file].map(relative).join(" → ");
          context.report({ node, messageId: "cycle", data: { chain } });
        }
      },
    };
  },
};

export default noImportCycle;
