import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * `import { Eye, X as Close } from 'lucide-react'` becomes `import Eye from 'lucide-react/icons/eye'`
 * and `import Close from 'lucide-react/icons/x'` in the web build: the same components, imported
 * from their own modules instead of through the package's index, which imports all 1,700 icons.
 * Tree shaking keeps only the used ones either way; the page chunks (vite-page-chunks.ts) follow
 * the module graph's imports, which through the index would tie every icon to every page that
 * shows any. Type imports and anything that is not an icon stay on the package's index.
 */
export function directIconImports(): Plugin {
  let iconFiles: Map<string, string> | undefined;
  return {
    name: 'compass:direct-icon-imports',
    apply: 'build',
    transform: {
      filter: { id: { include: /\/src\/.*\.tsx?$/, exclude: /node_modules/ }, code: { include: 'lucide-react' } },
      handler(code) {
        iconFiles ??= readIconFiles();
        const icons = iconFiles;
        let changed = false;
        const result = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g, (statement, names: string) => {
          const direct: string[] = [];
          const kept: string[] = [];
          for (const specifier of names.split(',').map((name) => name.trim()).filter(Boolean)) {
            const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
            const file = icons.get(imported);
            if (file && !specifier.startsWith('type ')) direct.push(`import ${local} from 'lucide-react/icons/${file}';`);
            else kept.push(specifier);
          }
          if (direct.length === 0) return statement;
          changed = true;
          // On the statement's one line, so that the lines of the code after it keep their places.
          return [...direct, ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : [])].join(' ');
        });
        return changed ? { code: result, map: null } : undefined;
      },
    },
  };
}

/** Every name the package's index exports from an icon's module, with that module's name (`EyeOff` -> `eye-off`). */
function readIconFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const index = path.join(path.dirname(require.resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs');
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const name of names.split(',')) {
      const exported = name.trim().match(/^default as (\w+)$/)?.[1];
      if (exported) files.set(exported, file);
    }
  }
  if (files.size < 1000) throw new Error(`direct icon imports: lucide-react's index names ${files.size} icons; its shape has changed`);
  return files;
}
