/**
 * What every signed-in person may know about the archive (GET /api/archive/status): per
 * dataset whether its first backfill is still running and how far it is, when it last synced
 * and which range it holds; plus one overall figure for "Building your history — 57 %". The
 * admin status has more (errors, cursors, rows); this is the part pages need to explain
 * themselves. Pure (no server imports), so client components can import the types.
 */
import type { DatasetStatus, SyncStatus } from "./admin";
import { runPercent } from "./progress";
import { isValueDataset } from "./settings";

export interface DatasetBuild {
  dataset: DatasetStatus["dataset"];
  label: string;
  /** the first backfill has not completed yet (nothing synced so far) */
  building: boolean;
  /** progress of the current run, 0–100 (null: no run recorded) */
  percent: number | null;
  syncedAt: number | null;
  /** oldest and newest instant held (epoch ms), null while nothing is held */
  heldFrom: number | null;
  heldTo: number | null;
}

export interface ArchiveBuildStatus {
  now: number;
  /**
   * some dataset's first backfill is still running (and the sync is on): the datasets every page
   * reads; the value datasets (commission records, per-invitee totals) follow them and say their own `building` below
   */
  building: boolean;
  /** overall progress of that first backfill, 0–100 (100 when done) */
  percent: number;
  datasets: DatasetBuild[];
}

export function buildStatus(s: SyncStatus): ArchiveBuildStatus {
  const datasets = s.datasets.map((d): DatasetBuild => {
    const percent = runPercent(d.progress);
    return {
      dataset: d.dataset,
      label: d.label,
      building: s.enabled && d.syncedAt === null,
      percent,
      syncedAt: d.syncedAt,
      heldFrom: d.held.length ? d.held[0].from : null,
      heldTo: d.held.length ? d.held[d.held.length - 1].to : null,
    };
  });
  // A finished dataset counts as 100 %; one whose run has not started yet as 0 %.
  const core = datasets.filter((d) => !isValueDataset(d.dataset));
  const shares = core.map((d) => (d.building ? (d.percent ?? 0) : 100));
  const percent = shares.length ? Math.floor(shares.reduce((a, b) => a + b, 0) / shares.length) : 100;
  return { now: s.now, building: core.some((d) => d.building), percent, datasets };
}
