// Keeps third-party styles inside the Content-Security-Policy (style-src 'self', no 'unsafe-inline'):
// react-style-singleton (react-remove-scroll, inside the Radix dialog) is replaced by a twin that
// adopts constructed sheets, and sonner's module-level <style> injection is rerouted to the same
// helper. The build fails if sonner's bundle no longer has the function this rewrites.
import { fileURLToPath } from 'node:url';

const UI = fileURLToPath(new URL('../src/ui/', import.meta.url));
const SONNER = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/;
// sonner 1.7's minified injector: function NAME(css,{insertAt:e}={}){...document.createElement("style")...}
const INJECTOR = /function (\w+)\((\w+),\{insertAt:\w+\}=\{\}\)\{/;

export const cspStyleAliases = { 'react-style-singleton': `${UI}styleSingleton.ts` };

/** @returns {import('vite').Plugin} */
export function cspStyles() {
  return {
    name: 'fracture:csp-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!SONNER.test(id)) return null;
      const match = INJECTOR.exec(code);
      if (!match || !code.includes('document.createElement("style")')) {
        throw new Error(`${id}: sonner's style injector changed; update web/scripts/csp-styles.mjs`);
      }
      const [head, name, arg] = match;
      const rerouted = code.replace(
        head,
        `function ${name}(${arg}){__fractureAdoptStyles(${arg})}function __sonnerStyleTag(${arg},{insertAt:e}={}){`,
      );
      return {
        code: `import { adoptStyles as __fractureAdoptStyles } from ${JSON.stringify(`${UI}adoptedStyles.ts`)};\n${rerouted}`,
        map: null,
      };
    },
  };
}
