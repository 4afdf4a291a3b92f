// @vitest-environment jsdom
// The Target picker's hook: its map, picks written through to the settings, the kind moved between
// "only" and "protect", the member, Clear, and the files of other formats.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { png, tar } from '../../../tests/cross-engine/families.ts';
import { useTarget } from './useTarget.ts';

const pngFile = new File([new Uint8Array(png(150_000))], 'a.png');
const tarFile = new File([new Uint8Array(tar(100_000))], 'b.tar');

function useHarness(files: File[], ranges = '', memberInit = '') {
  const [rangesText, setRangesText] = useState(ranges);
  const [memberText, setMemberText] = useState(memberInit);
  const target = useTarget(files[0], files, { rangesText, setRangesText, memberText, setMemberText });
  return { target, rangesText, memberText };
}

afterEach(cleanup);

describe('useTarget', () => {
  it('writes picks through, moves them between only and protect, and clears only the target', async () => {
    const { result } = renderHook(() => useHarness([pngFile], '-4:, protect png:IEND'));
    // The picks are read from the field once the map is made.
    await waitFor(() => expect([...result.current.target.picks.keys()]).toEqual(['IEND']));
    expect(result.current.target.kind).toBe('protect');
    act(() => result.current.target.setPick('IDAT', { field: 'data' }));
    expect(result.current.rangesText).toBe('-4:, protect png:IDAT/data, protect png:IEND');
    act(() => result.current.target.setKind('only'));
    expect(result.current.rangesText).toBe('-4:, only png:IDAT/data, only png:IEND');
    act(() => result.current.target.setPick('IEND', undefined));
    expect(result.current.rangesText).toBe('-4:, only png:IDAT/data');
    act(() => result.current.target.setMember('x'));
    expect(result.current.memberText).toBe('x');
    act(() => result.current.target.clear());
    expect(result.current.rangesText).toBe('-4:');
    expect(result.current.memberText).toBe('');
    expect(result.current.target.picks.size).toBe(0);
  });

  it("reads a tar's members and names the files of other formats", async () => {
    const { result } = renderHook(() => useHarness([tarFile, pngFile], '', ' logs/0.log '));
    await waitFor(() => expect(result.current.target.otherFormats).toEqual([{ name: 'a.png', family: 'png' }]));
    expect(result.current.target.map?.value?.members).toEqual(['logs/0.log', 'logs/1.log']);
    expect(result.current.target.member).toBe('logs/0.log');
  });
});
