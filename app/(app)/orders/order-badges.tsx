import { Badge, type Tone } from "@/components/ui/badge";

const STATUS_TONE: Record<string, Tone> = { NEW: "info", PARTIALLY_FILLED: "info", FILLED: "good", CANCELED: "neutral", REJECTED: "bad", EXPIRED: "neutral" };

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONE[status] ?? "warn"}>{status}</Badge>;
}

export function SideBadge({ side }: { side: string }) {
  return <Badge tone={side === "BUY" ? "good" : side === "SELL" ? "bad" : "neutral"}>{side}</Badge>;
}
