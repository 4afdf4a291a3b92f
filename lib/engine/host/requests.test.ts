import { describe, expect, it } from 'vitest';
import { requests } from './requests.ts';

type Ask = { n: number };
type Reply = { id: number; doubled?: number; error?: string };

/** A channel whose other side answers when told, in any order. */
function channel() {
  const sent: (Ask & { id: number })[] = [];
  const transfers: ArrayBuffer[][] = [];
  const r = requests<Ask, Reply>((request, transfer) => {
    sent.push(request);
    transfers.push(transfer);
  });
  return { r, sent, transfers };
}

describe('requests', () => {
  it('gives each request a new id and resolves each with the answer carrying it, in any order', async () => {
    const { r, sent } = channel();
    const a = r.ask({ n: 1 });
    const b = r.ask({ n: 2 });
    expect(sent).toEqual([
      { n: 1, id: 1 },
      { n: 2, id: 2 },
    ]);
    expect(r.waiting).toBe(2);
    r.receive({ id: 2, doubled: 4 });
    r.receive({ id: 1, doubled: 2 });
    await expect(a).resolves.toEqual({ id: 1, doubled: 2 });
    await expect(b).resolves.toEqual({ id: 2, doubled: 4 });
    expect(r.waiting).toBe(0);
  });

  it('rejects a request whose answer has an error, through the given failure', async () => {
    class Special extends Error {}
    const r = requests<Ask, Reply>(
      () => undefined,
      (answer) => new Special(`no: ${answer.error}`),
    );
    const a = r.ask({ n: 1 });
    r.receive({ id: 1, error: 'full' });
    await expect(a).rejects.toThrow(Special);
    await expect(a).rejects.toThrow('no: full');
  });

  it('passes the transfer list on, ignores unknown and repeated ids, and fails every waiting request', async () => {
    const { r, transfers } = channel();
    const buffer = new ArrayBuffer(8);
    const a = r.ask({ n: 1 }, [buffer]);
    const b = r.ask({ n: 2 });
    expect(transfers).toEqual([[buffer], []]);
    r.receive({ id: 9, doubled: 0 });
    r.receive({ id: 1, doubled: 2 });
    r.receive({ id: 1, error: 'late' });
    await expect(a).resolves.toEqual({ id: 1, doubled: 2 });
    r.fail(new Error('the helper stopped'));
    await expect(b).rejects.toThrow('the helper stopped');
    expect(r.waiting).toBe(0);
  });
});
