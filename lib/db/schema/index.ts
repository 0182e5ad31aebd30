/**
 * Every table of the dashboard's database. Each file in this folder describes the tables of
 * one feature for Drizzle; the tables themselves are created by the SQL migrations in
 * ../migrations (applied in filename order), which are the source of truth.
 */
export * from "./users";
export * from "./audit";
export * from "./login-attempts";
export * from "./sessions";
export * from "./api-tokens";
export * from "./archive";
export * from "./share-links";
export * from "./alerts";
export * from "./risk";
export * from "./links";
