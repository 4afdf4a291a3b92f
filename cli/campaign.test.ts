// The campaign's options as section 1 reads them (docs/campaigns.md). The model's cases are engine-rs/host/tests/campaign_model.rs.
import { describe, expect, it } from 'vitest';
import { loadOutputsModule } from '../lib/engine/host-module/node.ts';
import { parseCommandLine } from './args.ts';

describe('campaign records', () => {
  it('reads --timeout and --crash-exit as section 1 says (fracture_host::args, through the outputs module)', async () => {
    const outputs = await loadOutputsModule();
    const run = (...options: string[]) => {
      try {
        const parsed = parseCommandLine(['run', ...options, 'f', '--', 'p'], () => 1, outputs);
        return parsed.kind === 'campaign' ? parsed.args : undefined;
      } catch {
        return undefined;
      }
    };
    const parseTimeout = (v: string) => run('--timeout', v)?.decided.timeoutMs;
    const parseCrashExit = (v: string) => run('--crash-exit', v)?.decided.crashExit;
    expect(['10', '0.5', '1.250', '86400', '0', '0.0001', '86400.001', '1e3', '-1'].map(parseTimeout)).toEqual([
      10_000,
      500,
      1250,
      86_400_000,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(parseCrashExit('139,134,200-202,134')).toEqual([134, 139, 200, 201, 202]);
    for (const bad of ['0', '256', '5-3', '', '1,,2', 'a']) expect(parseCrashExit(bad), bad).toBeUndefined();
  });
});
