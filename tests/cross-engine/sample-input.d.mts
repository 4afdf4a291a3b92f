export declare const SAMPLE: { name: string; size: number; mode: string; intensity: number; seed: number };
export declare function sampleInput(): Uint8Array;
