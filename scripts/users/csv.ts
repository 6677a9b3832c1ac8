/**
 * The file `npm run users -- invite --file customers.csv` reads: CSV (RFC 4180, read by csv-parse) with a
 * header row naming an `email` column and, optionally, a `name` column; other columns are ignored. The file is
 * bounded before it is parsed.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { EXIT, UsersError } from './errors';

/** Largest file read, in bytes (10,000 customers at 100 bytes a row). */
export const MAX_CSV_BYTES = 1_000_000;

/** One row of the file. */
export interface InvitationRow {
  /** Its line in the file (the header is line 1). */
  line: number;
  email: string;
  name?: string;
}

/**
 * The rows of a CSV text.
 *
 * @throws {UsersError} (usage) when the text is not CSV, has no `email` column, or is larger than
 *   {@link MAX_CSV_BYTES}; saying the line and what to fix.
 */
export function invitationRows(text: string): InvitationRow[] {
  if (Buffer.byteLength(text) > MAX_CSV_BYTES) {
    throw new UsersError(`the file is larger than ${MAX_CSV_BYTES} bytes: split it.`, EXIT.usage);
  }
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((column) => column.trim().toLowerCase()),
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    throw new UsersError(`the file is not CSV: ${(error as Error).message}`, EXIT.usage);
  }
  if (records.length > 0 && !('email' in records[0].record)) {
    throw new UsersError(
      'the file has no "email" column: its first line must name the columns, e.g. "email,name".',
      EXIT.usage,
    );
  }
  return records.map(({ record, info }) => ({
    line: info.lines,
    email: record.email ?? '',
    ...(record.name ? { name: record.name } : {}),
  }));
}

/**
 * The rows of the file at `file`.
 *
 * @throws {UsersError} (usage) when it cannot be read, or as {@link invitationRows}.
 */
export function readInvitationFile(file: string): InvitationRow[] {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new UsersError(`cannot read ${file}: no such file.`, EXIT.usage);
  }
  if (size > MAX_CSV_BYTES)
    throw new UsersError(`${file} is larger than ${MAX_CSV_BYTES} bytes: split it.`, EXIT.usage);
  return invitationRows(fs.readFileSync(file, 'utf8'));
}
