// The platform's own types, as the declarations the package ships name them: the Blob and the
// AbortSignal of a browser's DOM library or of @types/node, and `never` in a project that declares
// neither (a Node project with TypeScript alone), so the SDK's declarations compile there too.

/** The platform's `Blob` (a `File` is one), or never where no library declares it. */
export type PlatformBlob = typeof globalThis extends { Blob: { prototype: infer B } } ? B : never;

/** The platform's `AbortSignal`, or never where no library declares it. */
export type PlatformAbortSignal = typeof globalThis extends { AbortSignal: { prototype: infer S } } ? S : never;
