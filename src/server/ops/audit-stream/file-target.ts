import type { FileHandle } from 'node:fs/promises';
import { access, mkdir, open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StreamRecord, StreamTarget } from './stream-target.ts';
import { recordLine } from './stream-target.ts';

// The audit stream as a file of JSON lines, only ever appended to. Each batch is written
// and flushed to the disk (fdatasync) before the reader records it as delivered, so a crash loses
// nothing it said was written (a batch cut by one is written again: a row may appear twice, never
// not at all). Past `rotateBytes` the file is renamed with the time (`audit.jsonl.2026-12-07T21-00-00-000Z`)
// and a new one begun; old files are left for the platform's retention to deal with. Written here
// rather than with rotating-file-stream: the stream's write gives no point at which the bytes are
// on the disk, which is what the delivered position must wait for.

export function fileTarget(path: string, rotateBytes: number): StreamTarget {
  let handle: FileHandle | null = null;
  let size = 0;

  const openFile = async () => {
    await mkdir(dirname(path), { recursive: true });
    const opened = await open(path, 'a', 0o640);
    size = (await opened.stat()).size;
    handle = opened;
    return opened;
  };

  const freeName = async () => {
    const base = `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}`;
    for (let n = 0; ; n++) {
      const name = n === 0 ? base : `${base}.${n}`;
      try {
        await access(name);
      } catch {
        return name;
      }
    }
  };

  const rotate = async (current: FileHandle) => {
    await current.datasync();
    await current.close();
    handle = null;
    await rename(path, await freeName());
    return openFile();
  };

  return {
    name: `file ${path}`,
    async write(records: readonly StreamRecord[]) {
      if (records.length === 0) return;
      const text = records.map((record) => `${recordLine(record)}\n`).join('');
      const bytes = Buffer.byteLength(text, 'utf8');
      try {
        let file = handle ?? (await openFile());
        if (size > 0 && size + bytes > rotateBytes) file = await rotate(file);
        await file.appendFile(text, 'utf8');
        await file.datasync();
        size += bytes;
      } catch (error) {
        await handle?.close().catch(() => undefined);
        handle = null;
        throw error;
      }
    },
    takeRewind: () => null,
    async close() {
      await handle?.close();
      handle = null;
    },
  };
}
