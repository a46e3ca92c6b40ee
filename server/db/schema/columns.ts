import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** created_at / updated_at on every table; updated_at moves on every Drizzle update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** The row this one belongs to: required, and deleting it deletes this row with it. */
export const belongsTo = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });
