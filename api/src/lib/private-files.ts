// Files for the product's user alone (issue 38 item 6, decision 1405): the embedded database, photos, VAPID
// keys, uploads in progress and backups hold password hashes, messages, e-mail addresses and session ids,
// so no other local user may read (or write) them. Processes that write them start with umask 077; folders
// are made 0700 and files 0600 explicitly (whatever the umask); and a data folder found open to others at
// start, or a restored one (an archive keeps the modes it was written with), is closed and said so.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The group's and others' permission bits. */
const OTHERS = 0o077;

/** From now on, what this process creates without a mode of its own is its user's alone. */
export function keepNewFilesPrivate(): void {
  process.umask(OTHERS);
}

export type PrivateFolderReport = {
  folder: string;
  /** The folder's mode as found (undefined: made now). */
  foundMode?: number;
  /** Entries (the folder included) whose group or other bits were taken away. */
  closed: number;
};

/**
 * Makes `folder` (created if missing) and everything under it its user's alone: folders 0700, files without
 * their group and other bits (0600 for a plain file). Symbolic links are left as they are and not followed.
 */
export function makeFolderPrivate(folder: string): PrivateFolderReport {
  let foundMode: number | undefined;
  try {
    foundMode = lstatSync(folder).mode & 0o777;
  } catch {
    mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  }
  let closed = 0;
  const close = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    const wanted = stat.isDirectory() ? PRIVATE_FOLDER_MODE : mode & ~OTHERS;
    if (mode !== wanted && (mode & OTHERS || stat.isDirectory())) {
      chmodSync(entry, wanted);
      if (mode & OTHERS) closed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) close(path.join(entry, name));
  };
  close(folder);
  return { folder, foundMode, closed };
}

/** The warning for a folder that was open to other users, or nothing when it was not. */
export function openFolderWarning(report: PrivateFolderReport, name: string): string | undefined {
  if (!report.closed) return undefined;
  const mode = report.foundMode === undefined ? '' : ` (it was mode ${report.foundMode.toString(8).padStart(4, '0')})`;
  return `${name} ${report.folder} could be read by other users of this machine${mode}: ${report.closed} of its files and folders were closed to them (folders 0700, files 0600). Keep it so: other users must not read the database, photos or keys.`;
}
