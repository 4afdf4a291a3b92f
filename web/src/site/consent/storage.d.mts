export declare const COOKIE_STORAGE_KEY: string;
export declare function serializePreferences(preferences: { analytics: boolean; advertising: boolean }): string;
