import { customType } from 'drizzle-orm/pg-core';

/** Bytes: PGlite answers a Uint8Array, node-postgres a Buffer; both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
