// The one request/reply helper of the engine's channels (a Web Worker's MessagePort, a Node worker
// thread): each request gets the next id, its answer is matched by that id, an answer with `error`
// rejects, and `fail` rejects every request still waiting when the channel itself fails. The flip
// helpers, the hashing helper and the Node stream helpers all ask through it; the page's jobs
// (client.ts) carry ids the same way but stream stages and progress before their one answer.

/** What every answer carries: the request's id, and why it failed, if it did. */
export interface Answer {
  id: number;
  error?: string;
}

export interface Requests<Q, A extends Answer> {
  /** Sends `request` with a new id (transferring `transfer`); resolves to its answer. */
  ask(request: Q, transfer?: ArrayBuffer[]): Promise<A>;
  /** Hands an answer from the channel to the request waiting for it (unknown ids are ignored). */
  receive(answer: A): void;
  /** Rejects every request still waiting (the channel failed). */
  fail(error: Error): void;
  /** Requests sent and not yet answered. */
  readonly waiting: number;
}

/**
 * Requests over `send`. `failure` turns an answer's error into the error its request rejects with
 * (a plain Error with the text by default).
 */
export function requests<Q extends object, A extends Answer>(
  send: (request: Q & { id: number }, transfer: ArrayBuffer[]) => void,
  failure: (answer: A & { error: string }) => Error = (answer) => new Error(answer.error),
): Requests<Q, A> {
  let nextId = 1;
  const pending = new Map<number, { resolve: (answer: A) => void; reject: (e: Error) => void }>();
  return {
    ask: (request, transfer = []) =>
      new Promise<A>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        send({ ...request, id }, transfer);
      }),
    receive: (answer) => {
      const p = pending.get(answer.id);
      pending.delete(answer.id);
      if (answer.error !== undefined) p?.reject(failure(answer as A & { error: string }));
      else p?.resolve(answer);
    },
    fail: (error) => {
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    },
    get waiting() {
      return pending.size;
    },
  };
}
