import { randomId, sha256Hex } from './crypto.ts';
import type { IdempotencyRecord, JournalWrite } from './state.ts';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/**
 * The most keys remembered per shopper; their oldest go first. Per shopper, so that no other shopper's
 * writes can push a shopper's key out (a guest-cart merge sends one key per line, far fewer than this).
 */
export const IDEMPOTENCY_MAX_PER_SHOPPER = 500;
/** The journal is rewritten with the live keys alone once it holds this many lines more than them. */
const COMPACT_SLACK = 1_000;

/** Which journal lines belong to a state file: its epoch, and the last sequence number it includes. */
export interface JournalMark {
  epoch: string;
  through: number;
}

export const newJournalMark = (): JournalMark => ({ epoch: randomId(16), through: 0 });

interface Entry {
  seq: number;
  record: IdempotencyRecord;
}

const live = (record: IdempotencyRecord, now: Date) =>
  now.getTime() - Date.parse(record.created_at) < IDEMPOTENCY_TTL_MS;

/** One journal line: a record with its epoch and sequence number. */
const lineOf = (epoch: string, { seq, record }: Entry) => JSON.stringify({ e: epoch, n: seq, ...record });

function isRecord(value: unknown): value is IdempotencyRecord {
  if (!value || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.key === 'string' &&
    typeof r.scope === 'string' &&
    typeof r.customer_id === 'number' &&
    typeof r.operation === 'string' &&
    typeof r.status === 'number' &&
    typeof r.created_at === 'string' &&
    (r.message === undefined || typeof r.message === 'string')
  );
}

/**
 * The keys shoppers sent with their writes, per shopper. With a journal (the file persistence), a save
 * appends only the keys remembered since the last one, so its cost does not grow with the keys kept;
 * the state file says which journal lines it includes (epoch and last sequence number), so a line whose
 * change was never saved (a crash between the two writes, a failed save) is ignored when loading.
 */
export function createIdempotencyStore() {
  const byShopper = new Map<number, Map<string, Entry>>();
  /** Keys kept (some may have expired since): counted, so that a save need not look at them all. */
  let count = 0;
  let seq = 0;
  let pending: Entry[] = [];
  /** Lines in the journal file, live or not. */
  let journalLines = 0;
  /** The journal may hold lines no state file includes (or a torn one): rewrite it before appending. */
  let mustRewrite = false;

  const entries = () => [...byShopper.values()].flatMap((keys) => [...keys.values()]);

  function add(record: IdempotencyRecord, now: Date, assigned = seq + 1) {
    seq = Math.max(seq, assigned);
    const entry = { seq: assigned, record };
    let keys = byShopper.get(record.customer_id);
    if (!keys) {
      keys = new Map();
      byShopper.set(record.customer_id, keys);
    }
    count -= keys.size;
    // A Map iterates in insertion order: the first keys are the oldest, and expire first.
    for (const [key, kept] of keys) {
      if (live(kept.record, now)) break;
      keys.delete(key);
    }
    keys.delete(record.key);
    keys.set(record.key, entry);
    for (const key of keys.keys()) {
      if (keys.size <= IDEMPOTENCY_MAX_PER_SHOPPER) break;
      keys.delete(key);
    }
    count += keys.size;
    return entry;
  }

  return {
    /** The record of a shopper's key, if it has not expired. */
    find(customerId: number, key: string, now: Date): IdempotencyRecord | undefined {
      const entry = byShopper.get(customerId)?.get(key);
      return entry && live(entry.record, now) ? entry.record : undefined;
    },

    /** Remembers a key; it is saved with the change it belongs to. */
    remember(record: IdempotencyRecord, now: Date) {
      pending.push(add(record, now));
    },

    /** Every key kept, oldest first (for a persistence without a journal, and for tests). */
    records(): IdempotencyRecord[] {
      return entries()
        .sort((a, b) => a.seq - b.seq)
        .map((entry) => entry.record);
    },

    /**
     * What the next save writes to the journal, and the mark its state file carries. Called with the
     * state serialized (under the lock).
     */
    take(epoch: string, now: Date): { journal: JournalWrite; through: number } {
      const taken = pending;
      pending = [];
      if (mustRewrite || journalLines + taken.length > 2 * count + COMPACT_SLACK) {
        mustRewrite = false;
        const kept = entries().filter((entry) => live(entry.record, now));
        journalLines = kept.length;
        kept.sort((a, b) => a.seq - b.seq);
        return { journal: { mode: 'rewrite', lines: kept.map((e) => lineOf(epoch, e)) }, through: seq };
      }
      journalLines += taken.length;
      return { journal: { mode: 'append', lines: taken.map((e) => lineOf(epoch, e)) }, through: seq };
    },

    /**
     * A save failed and the state went back to the last one saved: forget the keys it does not include.
     * The failed save may have left lines in the journal, so the next save rewrites it.
     */
    rollback(through: number) {
      for (const keys of byShopper.values())
        for (const [key, entry] of keys)
          if (entry.seq > through) {
            keys.delete(key);
            count -= 1;
          }
      pending = [];
      mustRewrite = true;
    },

    /** Forgets every key (a reset). The journal's lines of the old epoch are ignored from now on. */
    clear() {
      byShopper.clear();
      count = 0;
      pending = [];
    },

    /**
     * Loads the journal lines of `mark` (the state file's); counts the others. Records of an older state
     * file (kept in the file itself) are taken over and journaled at the next save.
     */
    load(journal: string | undefined, mark: JournalMark, embedded: readonly IdempotencyRecord[], now: Date) {
      byShopper.clear();
      count = 0;
      pending = [];
      seq = mark.through;
      let ignored = 0;
      const lines = journal ? journal.split('\n') : [];
      for (const line of lines) {
        if (line.trim() === '') continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          ignored += 1;
          continue;
        }
        const { e, n, ...record } = parsed as { e?: unknown; n?: unknown };
        if (e !== mark.epoch || typeof n !== 'number' || n > mark.through || !isRecord(record)) {
          ignored += 1;
          continue;
        }
        if (live(record, now)) add(record, now, n);
      }
      journalLines = lines.filter((line) => line.trim() !== '').length;
      seq = Math.max(seq, mark.through);
      for (const record of embedded)
        if (isRecord(record) && live(record, now)) pending.push(add(record, now));
      // A torn last line or lines of an unsaved change: appending after them would make them count.
      mustRewrite = ignored > 0;
      return { kept: entries().length, ignored };
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;

/** JSON with object keys sorted, so that the same request always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** What makes two cart writes the same request: the operation, its path parameters and its body. */
export function requestFingerprint(operationId: string, path: unknown, body: unknown) {
  return sha256Hex(canonicalJson({ operationId, path, body }));
}
