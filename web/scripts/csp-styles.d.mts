import type { Plugin } from 'vite';

export declare const cspStyleAliases: Record<string, string>;
export declare function cspStyles(): Plugin;
