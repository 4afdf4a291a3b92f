/** The Chromium the tests drive: Debian's headless shell, or FRACTURE_TEST_CHROMIUM. */
export declare const TEST_CHROMIUM: string;
