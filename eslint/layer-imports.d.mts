// Types for the boundary rule, so its tests import it under strict TypeScript.
import type { Rule } from 'eslint';

export function globToRegExp(glob: string): RegExp;
export const layerImports: Rule.RuleModule;
declare const plugin: { rules: { 'layer-imports': Rule.RuleModule } };
export default plugin;
