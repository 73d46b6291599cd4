// Every table, as the server's queries and drizzle-kit's migrations read them.
export * from './account-tables';
export * from './click-tables';
export * from './link-tables';
