import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type RawBuilder } from 'kysely';

/**
 * A module's PL/pgSQL functions live one per file, `modules/<module>/sql/<function>.sql`,
 * holding the function's current definition (`create or replace function …`). The first line
 * is its marker, `-- version: N sha256: D`, D being the start of the SHA-256 of the rest of
 * the file: an edit leaves the marker wrong and is refused, so a changed function cannot
 * reach fresh databases while existing ones keep the old body.
 *
 * The migration that last changed a function installs its file, naming the version it
 * installs; an earlier migration that created the function no longer carries any body (on a
 * fresh database the later one installs the current file, on an existing one nothing runs
 * again). Changing a function: edit the file, raise its version and digest, and install it
 * from a new migration; the migration that installed the previous version then stops
 * installing it (its version check would fail). An earlier migration that needs the function
 * to exist before the later one runs (a trigger's function) installs `'current'`.
 */
export interface SqlFunctionFile {
  name: string;
  version: number;
  /** The file's path, for messages. */
  path: string;
  /** The whole file: the marker is an SQL comment. */
  text: string;
}

const markerPattern = /^-- version: (\d+) sha256: ([0-9a-f]{16})\n/;

/** The digest the marker carries: the first 16 hex digits of the SHA-256 of the text after it. */
export function sqlFunctionDigest(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

/** Reads `<directory>/<name>.sql` and checks its marker; `directory` is a module's `sql/` folder URL. */
export function readSqlFunction(directory: URL, name: string): SqlFunctionFile {
  const path = fileURLToPath(new URL(`${name}.sql`, directory));
  const text = readFileSync(path, 'utf8');
  const marker = markerPattern.exec(text);
  if (!marker) throw new Error(`${path} must start with "-- version: N sha256: <16 hex digits>"`);
  const body = text.slice(marker[0].length);
  const digest = sqlFunctionDigest(body);
  if (digest !== marker[2]) {
    throw new Error(
      `${path} changed but its marker did not (digest now ${digest}): raise its version, write the new digest, ` +
        `and install it from a new migration so that existing databases get it too`,
    );
  }
  return { name, version: Number(marker[1]), path, text };
}

/** Every function file of a module's `sql/` folder. */
export function listSqlFunctions(directory: URL): SqlFunctionFile[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readSqlFunction(directory, file.slice(0, -'.sql'.length)));
}

/**
 * The statement installing a function from its file, for a migration: `version` is the one
 * this migration installs (the file must still be at it), or `'current'` (see above).
 */
export function sqlFunction(directory: URL, name: string, version: number | 'current'): RawBuilder<unknown> {
  const file = readSqlFunction(directory, name);
  if (version !== 'current' && file.version !== version) {
    throw new Error(
      `${file.path} is at version ${file.version}, this migration installs version ${version}: a later migration ` +
        `installs the new version, and this one stops installing it`,
    );
  }
  return sql.raw(file.text);
}
