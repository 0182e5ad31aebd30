import { ChartSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  return <ChartSkeleton label="Loading page" />;
}
