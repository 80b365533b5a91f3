// ESLint rule: each part of the tree may import only the parts its layer allows (the boundaries as code).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/** `**` spans folders, `*` stays inside one, `{a,b}` is either; matched against root-relative paths without extension. */
export function globToRegExp(glob) {
  let re = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const folder = glob[i + 2] === '/';
      re += folder ? '(?:.*/)?' : '.*';
      i += folder ? 2 : 1;
    } else if (c === '*') {
      re += '[^/]*';
    } else if (c === '{') {
      re += '(?:';
      depth++;
    } else if (c === '}') {
      re += ')';
      depth--;
    } else if (c === ',' && depth > 0) {
      re += '|';
    } else {
      re += c.replace(/[.+?^$()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${re}$`);
}

const EXTENSION = /(\.d)?\.(ts|tsx|mts|mjs|js)$/;
const matchesAny = (globs, file) => (globs ?? []).some((g) => globToRegExp(g).test(file));

/** The root-relative module a relative specifier points at: `ui/format`, or `shared/core/controller/index` for a folder. */
function resolveRelative(root, fromFile, specifier) {
  const absolute = path.resolve(path.dirname(fromFile), specifier);
  const isFolder = existsSync(absolute) && statSync(absolute).isDirectory();
  const target = isFolder ? path.join(absolute, 'index') : absolute;
  return path.relative(root, target).split(path.sep).join('/').replace(EXTENSION, '');
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/**
 * Options: a list of boundaries, each
 * `{ name, files, except?, allow?, deny?, denyPackages?, allowPackages?, typesToo, because }` (`except`: files of `files` it does not hold).
 * A file under several boundaries must keep all of them. `allow` is an allow-list of
 * root-relative modules (anything else relative is refused); `deny` refuses what it names.
 */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep each layer to the imports its boundary allows' },
    schema: [{ type: 'array', items: { type: 'object' } }],
    messages: { crossed: '{{file}} may not import {{target}}: {{because}} ({{name}})' },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/').replace(EXTENSION, '');
    const boundaries = (context.options[0] ?? []).filter((b) => matchesAny(b.files, file) && !matchesAny(b.except, file));
    if (boundaries.length === 0) return {};

    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      const specifier = source.value;
      const typeOnly = isTypeOnly(node);
      const relative = specifier.startsWith('.');
      const target = relative ? resolveRelative(root, context.filename, specifier) : specifier;
      for (const b of boundaries) {
        if (typeOnly && !b.typesToo) continue;
        const refused = relative
          ? (b.allow && !matchesAny(b.allow, target)) || matchesAny(b.deny, target)
          : matchesAny(b.denyPackages, target) || (b.allowPackages && !matchesAny(b.allowPackages, target));
        if (refused) context.report({ node: source, messageId: 'crossed', data: { file, target, because: b.because, name: b.name } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'layer-imports': layerImports } };
