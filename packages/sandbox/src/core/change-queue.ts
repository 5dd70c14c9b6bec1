import type { JournalWrite, StatePersistence } from './state.ts';

/** A change could not be saved: it was undone, with every change applied on top of it. */
export class PersistenceError extends Error {
  constructor(cause: unknown) {
    super(
      `The sandbox could not save this change, so it was not made: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'PersistenceError';
  }
}

export interface ChangeQueueOptions {
  /** Where saves go; without it changes are answered at once (in memory). */
  persistence: StatePersistence | undefined;
  /**
   * The state as it is now, serialized, with the journal lines that go with it. Called alone (no change
   * is half done).
   */
  serialize: () => { snapshot: string; journal?: JournalWrite };
  /** Puts back a state saved earlier. Called alone. */
  restore: (serialized: string) => void;
  log: (line: string) => void;
}

export interface ChangeQueue {
  /** Runs `work` alone: no other work or change interleaves with it, even across awaits. */
  exclusive<T>(work: () => T | Promise<T>): Promise<T>;
  /**
   * Runs `work` alone, then waits until the state it left is saved, and only then answers its result
   * (or rethrows its error: a refused change may still have changed something, such as a failed-login
   * count). When the save fails, the state goes back to the last saved one and this rejects with a
   * {@link PersistenceError}: the change is as if it had never been asked for.
   */
  change<T>(work: () => T | Promise<T>): Promise<T>;
  /** Records that `serialized` is what the persistence holds now (after loading or seeding). */
  saved(serialized: string): void;
  /** Resolves once every change made so far is saved (or undone). */
  flush(): Promise<void>;
}

interface Waiter {
  resolve: () => void;
  reject: (error: PersistenceError) => void;
}

/**
 * One change at a time, saved before it is acknowledged, with group commit: the changes made while a
 * save runs share the next save. The snapshot of a save is taken under the lock, so it holds whole
 * changes only, and it knows exactly which changes it holds. A save that fails undoes them, and the
 * changes made on top of them since, back to the last state that was saved.
 */
export function createChangeQueue(options: ChangeQueueOptions): ChangeQueue {
  const { persistence, serialize, restore, log } = options;
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => T | Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  /** Changes made and not yet in a snapshot that is being saved. */
  let unsaved: Waiter[] = [];
  let lastSaved: string | undefined;
  let saving: Promise<void> | null = null;

  async function saveAll() {
    while (unsaved.length > 0) {
      const taken = await exclusive(() => {
        const batch = unsaved;
        unsaved = [];
        try {
          return { batch, ...serialize(), failure: undefined };
        } catch (error) {
          return { batch, snapshot: undefined, journal: undefined, failure: error };
        }
      });
      let failure: unknown = taken.failure;
      if (taken.snapshot !== undefined) {
        try {
          await persistence?.save(taken.snapshot, taken.journal);
          lastSaved = taken.snapshot;
        } catch (error) {
          failure = error;
        }
      }
      if (failure === undefined) {
        for (const waiter of taken.batch) waiter.resolve();
        continue;
      }
      const undone = await exclusive(() => {
        try {
          if (lastSaved !== undefined) restore(lastSaved);
        } catch (error) {
          log(`[sandbox] the last saved state could not be put back: ${String(error)}`);
        }
        const built = unsaved;
        unsaved = [];
        return built;
      });
      const error = new PersistenceError(failure);
      log(
        `[sandbox] saving the state failed (${failure instanceof Error ? failure.message : String(failure)}); ${taken.batch.length + undone.length} change(s) undone`,
      );
      for (const waiter of [...taken.batch, ...undone]) waiter.reject(error);
    }
  }

  function schedule() {
    if (saving) return;
    saving = saveAll()
      .catch((error: unknown) => log(`[sandbox] the save queue failed: ${String(error)}`))
      .then(() => {
        saving = null;
        // A change made after the last look at the queue, while this save was finishing.
        if (unsaved.length > 0) schedule();
      });
  }

  return {
    exclusive,
    async change<T>(work: () => T | Promise<T>) {
      if (!persistence) return exclusive(work);
      let saved: Promise<void> = Promise.resolve();
      const outcome = await exclusive(async () => {
        try {
          return { value: await work() };
        } catch (error) {
          return { error };
        } finally {
          saved = new Promise<void>((resolve, reject) => unsaved.push({ resolve, reject }));
          // Handled below; this only keeps an early rejection from being reported as unhandled.
          saved.catch(() => undefined);
          schedule();
        }
      });
      await saved;
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    },
    saved(serialized) {
      lastSaved = serialized;
    },
    async flush() {
      while (saving) await saving;
    },
  };
}
