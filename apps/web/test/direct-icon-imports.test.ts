// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { directIconImports } from '../vite-direct-icon-imports.ts';

/** The plugin's transform, run on one module's code. */
function transform(code: string): string | undefined {
  const hook = directIconImports().transform;
  if (!hook || typeof hook !== 'object') throw new Error('the plugin has no transform handler');
  const result = (hook.handler as (this: unknown, code: string, id: string) => { code: string } | undefined).call({}, code, '/app/src/page.tsx');
  return result?.code;
}

describe('direct icon imports', () => {
  it('imports each icon from its own module, keeping local names and what is not an icon', () => {
    const code = `import { Eye, X as Close, createLucideIcon } from "lucide-react";\nconst a = 1;\n`;
    const out = transform(code);
    expect(out).toBe(`import Eye from 'lucide-react/icons/eye'; import Close from 'lucide-react/icons/x'; import { createLucideIcon } from 'lucide-react';\nconst a = 1;\n`);
  });

  it('knows icons by every name the package gives them', () => {
    expect(transform(`import { EyeOffIcon, LucideShoppingBasket } from 'lucide-react';`)).toBe(`import EyeOffIcon from 'lucide-react/icons/eye-off'; import LucideShoppingBasket from 'lucide-react/icons/shopping-basket';`);
  });

  it('leaves a module without icon imports as it is', () => {
    expect(transform(`import { createLucideIcon } from 'lucide-react';`)).toBeUndefined();
  });
});
