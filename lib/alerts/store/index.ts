/**
 * The alerts tables (lib/db/schema/alerts.ts; migrations 0200, 0310, 0530), one module per
 * table: rules, destinations, report schedules, episodes, the bell's read marks, the delivery
 * queue and its attempts, the worker's counters, and the partners reports go to (users). Rows
 * become the API's views here.
 */
export * from "./rules";
export * from "./destinations";
export * from "./schedules";
export * from "./partners";
export * from "./episodes";
export * from "./read-marks";
export * from "./deliveries";
export * from "./delivery-attempts";
export * from "./worker-state";
