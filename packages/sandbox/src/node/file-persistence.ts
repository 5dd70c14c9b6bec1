import { mkdirSync, readdirSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JournalWrite, StatePersistence } from '../core/state.ts';

const FILE = 'state.json';
const JOURNAL = 'idempotency.jsonl';

/** Writes `content` to `target` atomically: a fsynced temporary file renamed over it, then the directory fsynced. */
async function writeAtomically(dir: string, target: string, temporary: string, content: string) {
  try {
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    // A failed save (disk full, a read-only directory) leaves nothing behind.
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  const directory = await open(dir, 'r');
  try {
    await directory.sync();
  } catch {
    // Some file systems cannot fsync a directory; the rename is still atomic.
  } finally {
    await directory.close();
  }
}

/** Appends lines to `file` and fsyncs it. */
async function appendDurably(file: string, lines: readonly string[]) {
  const handle = await open(file, 'a');
  try {
    await handle.writeFile(lines.map((line) => `${line}\n`).join(''), 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const readIfThere = async (file: string) => {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * Keeps the state in `DIR/state.json`, written atomically: a temporary file is written and fsynced,
 * then renamed over the old one and the directory fsynced. A crash leaves the old or the new file,
 * never half of one; a save that fails removes its temporary file and rejects. The keys shoppers sent
 * with their writes go to `DIR/idempotency.jsonl`, appended (and fsynced) before the state file is
 * written, so a save costs the same however many keys are kept; now and then it is rewritten with the
 * live keys alone.
 */
export function createFilePersistence(
  dir: string,
): StatePersistence & { readonly file: string; readonly journal: string } {
  mkdirSync(dir, { recursive: true });
  // Temporary files of a crashed run are incomplete by definition.
  for (const name of readdirSync(dir))
    if ((name.startsWith(`${FILE}.`) || name.startsWith(`${JOURNAL}.`)) && name.endsWith('.tmp'))
      unlinkSync(join(dir, name));
  let counter = 0;
  const file = join(dir, FILE);
  const journalFile = join(dir, JOURNAL);
  const temporaryOf = (name: string) => {
    counter += 1;
    return join(dir, `${name}.${process.pid}.${counter}.tmp`);
  };
  return {
    file,
    journal: journalFile,
    load: () => readIfThere(file),
    loadJournal: () => readIfThere(journalFile),
    async save(serialized, journal?: JournalWrite) {
      await mkdir(dir, { recursive: true });
      if (journal?.mode === 'rewrite')
        await writeAtomically(
          dir,
          journalFile,
          temporaryOf(JOURNAL),
          journal.lines.map((line) => `${line}\n`).join(''),
        );
      else if (journal && journal.lines.length > 0) await appendDurably(journalFile, journal.lines);
      await writeAtomically(dir, file, temporaryOf(FILE), serialized);
    },
  };
}
