import type { ColumnType } from 'kysely';

/**
 * Column types shared by the table files. A column type reads as its first type and is written as the
 * second (on insert) and third (on update); the database fills in the ones whose insert type allows
 * undefined.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** PostgreSQL numeric: read as a decimal string so no drop is ever lost to a float. */
export type Numeric = ColumnType<string, string | number, string | number>;
export type NullableNumeric = ColumnType<
  string | null,
  string | number | null | undefined,
  string | number | null
>;
export type Json = ColumnType<unknown, string | undefined | null, string | null>;
