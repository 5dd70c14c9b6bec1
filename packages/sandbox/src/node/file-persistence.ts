import { mkdirSync, readdirSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { StatePersistence } from '../core/state.ts';

const FILE = 'state.json';

/**
 * Keeps the state in `DIR/state.json`, written atomically: a temporary file is written and fsynced,
 * then renamed over the old one and the directory fsynced. A crash leaves the old or the new file,
 * never half of one; a save that fails removes its temporary file and rejects.
 */
export function createFilePersistence(dir: string): StatePersistence & { readonly file: string } {
  mkdirSync(dir, { recursive: true });
  // Temporary files of a crashed run are incomplete by definition.
  for (const name of readdirSync(dir))
    if (name.startsWith(`${FILE}.`) && name.endsWith('.tmp')) unlinkSync(join(dir, name));
  let counter = 0;
  const file = join(dir, FILE);
  return {
    file,
    async load() {
      try {
        return await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async save(serialized) {
      await mkdir(dir, { recursive: true });
      counter += 1;
      const temporary = join(dir, `${FILE}.${process.pid}.${counter}.tmp`);
      try {
        const handle = await open(temporary, 'w');
        try {
          await handle.writeFile(serialized, 'utf8');
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
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
    },
  };
}
