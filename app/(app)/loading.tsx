import { useTranslations } from "next-intl";
import { ChartSkeleton } from "@/components/ui/skeleton";

export default function Loading() {
  const t = useTranslations("pages.loading");
  return <ChartSkeleton label={t("page")} />;
}
