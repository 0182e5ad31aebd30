/**
 * The affiliate archive and the shared weight ledger, as Drizzle tables.
 *
 * The tables themselves are created by `lib/db/migrations/0100_archive.sql` (and any later
 * `01xx_archive_*.sql`); these definitions must match that SQL. Conventions:
 * - ids are `text` (exact digits, also above 2^53);
 * - money is `numeric` (exact; drivers hand it back as a string);
 * - instants are epoch milliseconds in `bigint` (mode "number": every epoch ms fits in 2^53);
 * - the sub-affiliate `day` is the upstream's UTC date.
 */
import { sql, type BuildExtraConfigColumns } from "drizzle-orm";
import { bigserial, boolean, customType, date, index, integer, numeric, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ms } from "./columns";
import type { PgColumn, PgColumnBuilderBase } from "drizzle-orm/pg-core";

/** A set of epoch day numbers (PostgreSQL's int4multirange, as its text: `{[20400,20402),[20410,20411)}`). */
const dayRanges = customType<{ data: string; driverData: string }>({ dataType: () => "int4multirange" });
const amount = (name: string) => numeric(name).notNull();

/** A table whose primary key is several of its columns (`key`): most summaries are keyed so. */
function keyedTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  key: (t: BuildExtraConfigColumns<N, C, "pg">) => [PgColumn, ...PgColumn[]],
) {
  return pgTable(name, columns, (t) => [primaryKey({ columns: key(t) })]);
}

// Column groups several tables share: each table that sums the same thing names its sums alike
// (a function, so that every table gets its own column builders).

/** A sub-affiliate's day as querySubChannelTransactions reports it, or such days summed. */
const subAffiliateSums = () => ({
  tradingVolume: amount("trading_volume"),
  netTradingFee: amount("net_trading_fee"),
  paidCommission: amount("paid_commission"),
});

/** Commission records summed: how many, their commission and their volume per product type. */
const commissionSums = () => ({
  records: integer("records").notNull(),
  commission: amount("commission"),
  spotVolume: amount("spot_volume"),
  futuresVolume: amount("futures_volume"),
});

/** Commission within 7/30/90/180 days of registering. */
const valueWithin = () => ({ d7: amount("d7"), d30: amount("d30"), d90: amount("d90"), d180: amount("d180") });

/** Deposits and withdrawals summed ("--" as 0). */
const movedSums = () => ({ depositAmount: amount("deposit_amount"), withdrawalAmount: amount("withdrawal_amount") });

/** One row per (sub-affiliate, product type, UTC day): querySubChannelTransactions records. */
export const archiveSubAffiliateDaily = pgTable(
  "archive_sub_affiliate_daily",
  {
    subAffiliateUid: text("sub_affiliate_uid").notNull(),
    productType: text("product_type").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ...subAffiliateSums(),
    syncedAt: ms("synced_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subAffiliateUid, t.productType, t.day] }),
    // The all-sub-affiliates series scans one product's days; the SQL adds INCLUDE columns so
    // the scan never touches the heap.
    index("archive_sub_affiliate_daily_product_day").on(t.productType, t.day),
  ],
);

/** Totals per (product, UTC day) over every sub-affiliate, maintained with the daily rows. */
export const archiveSubAffiliateDayTotal = keyedTable(
  "archive_sub_affiliate_day_total",
  {
    productType: text("product_type").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    records: integer("records").notNull(),
    ...subAffiliateSums(),
  },
  (t) => [t.productType, t.day],
);

/** Invited users (getAffiliateUIDs), kept forever once archived. */
export const archiveInvitee = pgTable(
  "archive_invitee",
  {
    uid: text("uid").primaryKey(),
    registerTime: ms("register_time").notNull(),
    kycResult: boolean("kyc_result").notNull(),
    inviteCode: text("invite_code"),
    firstDeposit: ms("first_deposit"),
    firstTrade: ms("first_trade"),
    lastDeposit: ms("last_deposit"),
    lastTrade: ms("last_trade"),
    syncedAt: ms("synced_at").notNull(),
  },
  (t) => [
    index("archive_invitee_register_time").on(t.registerTime, t.uid),
    // Cohorts and invite codes: the SQL (0130) adds INCLUDE columns so a year's
    // cohorts are read from the index alone.
    index("archive_invitee_cohorts").on(t.registerTime),
    // 0140: the last 30 days' traders (activeLast30d) and the traders alone (exact medians),
    // both with INCLUDE columns in the SQL.
    index("archive_invitee_last_traded").on(sql`(COALESCE(${t.lastTrade}, ${t.firstTrade}))`),
    index("archive_invitee_traders").on(t.registerTime).where(sql`${t.firstTrade} IS NOT NULL`),
  ],
);

/**
 * Per UTC hour of registration: the invitee counts cohorts sum. Maintained by the
 * database's own triggers on archive_invitee (0140), never written by the application.
 */
const count = (name: string) => integer(name).notNull();
export const archiveInviteeHour = pgTable("archive_invitee_hour", {
  hour: ms("hour").primaryKey(),
  registered: count("registered"),
  kycPassed: count("kyc_passed"),
  deposited: count("deposited"),
  traded: count("traded"),
  depositedD1: count("deposited_d1"),
  depositedD7: count("deposited_d7"),
  depositedD30: count("deposited_d30"),
  tradedD1: count("traded_d1"),
  tradedD7: count("traded_d7"),
  tradedD30: count("traded_d30"),
  tradedUpto1h: count("traded_upto_1h"),
  tradedUpto6h: count("traded_upto_6h"),
  tradedUpto24h: count("traded_upto_24h"),
  tradedUpto72h: count("traded_upto_72h"),
  tradedUpto168h: count("traded_upto_168h"),
  tradedUpto720h: count("traded_upto_720h"),
  tradedLater: count("traded_later"),
});

/** Internal transfers (getInternalWithdrawalStatus), kept forever once archived. */
export const archiveTransfer = pgTable(
  "archive_transfer",
  {
    withdrawId: text("withdraw_id").primaryKey(),
    fromUserId: text("from_user_id").notNull(),
    toUserId: text("to_user_id").notNull(),
    coin: text("coin").notNull(),
    status: text("status").notNull(),
    amount: numeric("amount").notNull(),
    createTime: ms("create_time").notNull(),
    updateTime: ms("update_time").notNull(),
    /** the account types of the query that returned the record (the record does not say) */
    fromAccountType: text("from_account_type").notNull(),
    toAccountType: text("to_account_type").notNull(),
    syncedAt: ms("synced_at").notNull(),
  },
  (t) => [index("archive_transfer_create_time").on(t.createTime, t.withdrawId)],
);

/**
 * Commission records (getAffiliateCommission), kept forever once archived. WEEX gives
 * a record no id: `key` is the md5 of all its fields plus its place among identical records of
 * its page (lib/archive/datasets.ts). Amounts are NULL where WEEX sent "--". The summaries below
 * are maintained by the database's own triggers (0150), never written by the application.
 */
export const archiveCommission = pgTable(
  "archive_commission",
  {
    key: text("key").primaryKey(),
    uid: text("uid").notNull(),
    /** WEEX's `date` */
    time: ms("time").notNull(),
    coin: text("coin").notNull(),
    productType: text("product_type").notNull(),
    symbol: text("symbol").notNull(),
    sourceType: integer("source_type").notNull(),
    fee: numeric("fee"),
    commission: numeric("commission"),
    rate: numeric("rate"),
    takerAmount: numeric("taker_amount"),
    makerAmount: numeric("maker_amount"),
    syncedAt: ms("synced_at").notNull(),
  },
  (t) => [index("archive_commission_time").on(t.time, t.productType), index("archive_commission_uid_time").on(t.uid, t.time)],
);

/** Per UTC hour, coin, product and source type: the commission series' sums (0150). */
export const archiveCommissionHour = keyedTable(
  "archive_commission_hour",
  {
    hour: ms("hour").notNull(),
    coin: text("coin").notNull(),
    productType: text("product_type").notNull(),
    sourceType: integer("source_type").notNull(),
    records: integer("records").notNull(),
    fee: amount("fee"),
    commission: amount("commission"),
    volume: amount("volume"),
  },
  (t) => [t.hour, t.coin, t.productType, t.sourceType],
);

/** Per direct invitee, UTC day (start, ms) and coin: the value list's sums (0150). */
export const archiveCommissionInviteeDay = keyedTable(
  "archive_commission_invitee_day",
  { day: ms("day").notNull(), uid: text("uid").notNull(), coin: text("coin").notNull(), ...commissionSums() },
  (t) => [t.day, t.uid, t.coin],
);

/** …and per UTC month (start, ms): the sums of its days, what the value list reads for whole months (0170). */
export const archiveCommissionInviteeMonth = keyedTable(
  "archive_commission_invitee_month",
  { month: ms("month").notNull(), uid: text("uid").notNull(), coin: text("coin").notNull(), ...commissionSums() },
  (t) => [t.month, t.uid, t.coin],
);

/** Per archived invitee and coin: its commission within 7/30/90/180 days of registering (0150). */
export const archiveInviteeValue = keyedTable(
  "archive_invitee_value",
  { uid: text("uid").notNull(), coin: text("coin").notNull(), registerTime: ms("register_time").notNull(), ...valueWithin() },
  (t) => [t.uid, t.coin],
);

/** …summed per UTC hour of registration (0150): a cohort's value is a sum of hours. */
export const archiveInviteeValueHour = keyedTable(
  "archive_invitee_value_hour",
  { hour: ms("hour").notNull(), coin: text("coin").notNull(), ...valueWithin() },
  (t) => [t.hour, t.coin],
);

/** The periods WEEX's per-invitee totals are held for: a UTC day, or an older UTC week. */
export const archiveMovementPeriod = pgTable("archive_movement_period", {
  periodFrom: ms("period_from").primaryKey(),
  /** the end of the window read (inclusive): the period's end, or the moment today was read */
  periodTo: ms("period_to").notNull(),
  /** day | week */
  kind: text("kind").notNull(),
});

/** Per direct invitee and period: WEEX's totals (getChannelUserTradeAndAsset); NULL where WEEX sent "--". */
export const archiveInviteeMovement = keyedTable(
  "archive_invitee_movement",
  {
    periodFrom: ms("period_from").notNull(),
    uid: text("uid").notNull(),
    depositAmount: numeric("deposit_amount"),
    withdrawalAmount: numeric("withdrawal_amount"),
    spotTradingAmount: numeric("spot_trading_amount"),
    futuresTradingAmount: numeric("futures_trading_amount"),
    /** USDT only, as WEEX totals it */
    commission: numeric("commission"),
    syncedAt: ms("synced_at").notNull(),
  },
  (t) => [t.periodFrom, t.uid],
);

/** Per direct invitee and UTC month: the deposits and withdrawals of the periods whose midpoint lies in it ("--" as 0; 0170). */
export const archiveInviteeMovementMonth = keyedTable(
  "archive_invitee_movement_month",
  { month: ms("month").notNull(), uid: text("uid").notNull(), ...movedSums() },
  (t) => [t.month, t.uid],
);

/**
 * Per direct invitee: its totals over everything held (commission in USDT and in BTC, volume,
 * deposits: the value list's bound for any range) and its active UTC days (0180).
 */
export const archiveInviteeValueTotal = pgTable("archive_invitee_value_total", {
  uid: text("uid").primaryKey(),
  usdt: amount("usdt"),
  btc: amount("btc"),
  volume: amount("volume"),
  deposits: amount("deposits"),
  commissionDays: dayRanges("commission_days"),
  movementDays: dayRanges("movement_days"),
  /** the invitee's code as archive_invitee holds it (null: not archived, or none); the SQL (0540) indexes it in each of the list's orders */
  inviteCode: text("invite_code"),
});

/** Per invite code, UTC day and coin: its invitees' per-day commission rows summed (0540, kept by deltas). */
export const archiveCodeCommissionDay = keyedTable(
  "archive_code_commission_day",
  {
    inviteCode: text("invite_code").notNull(),
    day: ms("day").notNull(),
    coin: text("coin").notNull(),
    /** how many invitee-day rows are summed (the row goes at 0) */
    rows: integer("rows").notNull(),
    ...commissionSums(),
  },
  (t) => [t.inviteCode, t.day, t.coin],
);

/** Per invite code and period of totals: its invitees' deposits and withdrawals ("--" as 0) and how many have a row (0540). */
export const archiveCodeMovementPeriod = keyedTable(
  "archive_code_movement_period",
  {
    inviteCode: text("invite_code").notNull(),
    periodFrom: ms("period_from").notNull(),
    invitees: integer("invitees").notNull(),
    ...movedSums(),
  },
  (t) => [t.inviteCode, t.periodFrom],
);

/** Per period of totals: the deposits and withdrawals of all its invitees ("--" as 0; 0180). */
export const archiveMovementPeriodTotal = pgTable("archive_movement_period_total", { periodFrom: ms("period_from").primaryKey(), ...movedSums() });

/** Per dataset: what the scheduler is doing and what it last did. */
export const archiveDataset = pgTable("archive_dataset", {
  dataset: text("dataset").primaryKey(),
  /** idle | running | error */
  state: text("state").notNull(),
  /** when the current (or last) run was planned; its slices end at this instant */
  runStartedAt: ms("run_started_at"),
  runKind: text("run_kind"),
  lastRunAt: ms("last_run_at"),
  lastSuccessAt: ms("last_success_at"),
  /** start of the last completed pass after which every archived row is at least this fresh */
  syncedAt: ms("synced_at"),
  /** invitees: start of the last full refresh of the upstream window */
  refreshedAt: ms("refreshed_at"),
  lastError: text("last_error"),
  lastErrorAt: ms("last_error_at"),
  /** an admin (any process) asked for a run now */
  requestedAt: ms("requested_at"),
  updatedAt: ms("updated_at").notNull(),
});

/**
 * Resumable work: one row per slice (a fixed time range of one dataset). The cursor (variant =
 * which request variant, e.g. SPOT/FUTURES; next page) is updated in the same transaction as
 * the rows of the page just fetched.
 */
export const archiveCursor = keyedTable(
  "archive_cursor",
  {
    dataset: text("dataset").notNull(),
    slice: text("slice").notNull(),
    /** backfill | incremental | refresh | resync */
    kind: text("kind").notNull(),
    /** processing order within the dataset (newest ranges first) */
    seq: integer("seq").notNull(),
    rangeFrom: ms("range_from").notNull(),
    rangeTo: ms("range_to").notNull(),
    variant: integer("variant").notNull(),
    nextPage: integer("next_page").notNull(),
    /** pages of the current variant, when the upstream says */
    pages: integer("pages"),
    pagesDone: integer("pages_done").notNull(),
    rows: integer("rows").notNull(),
    /** pending | done */
    state: text("state").notNull(),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [t.dataset, t.slice],
);

/** Merged time intervals a dataset holds (sub-affiliates: by day; others: by record time). */
export const archiveCoverage = keyedTable(
  "archive_coverage",
  { dataset: text("dataset").notNull(), fromMs: ms("from_ms").notNull(), toMs: ms("to_ms").notNull() },
  (t) => [t.dataset, t.fromMs],
);

/**
 * The upstream weight budget shared by several processes (lib/archive/pg-ledger.ts). The
 * decision itself is the SQL function `weight_ledger_try_charge` in the migration.
 */
export const weightLedgerState = pgTable("weight_ledger_state", {
  ledger: text("ledger").primaryKey(),
  pausedUntil: ms("paused_until").notNull(),
  /** a person's request (any process) waits for room until then: background steps aside */
  interactiveWaitingUntil: ms("interactive_waiting_until").notNull(),
});

export const weightLedgerCharge = pgTable(
  "weight_ledger_charge",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ledger: text("ledger").notNull(),
    expiresAt: ms("expires_at").notNull(),
    ip: integer("ip").notNull(),
    uid: integer("uid").notNull(),
    uidKey: text("uid_key").notNull(),
  },
  (t) => [index("weight_ledger_charge_expiry").on(t.ledger, t.expiresAt)],
);
