"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { UNREAD_PATH } from "@/components/alerts/alert-bell";
import { apiSend } from "@/lib/ui/api";
import { DeliveryLog } from "./deliveries";
import { Destinations } from "./destinations";
import { History } from "./history";
import { ALERT_PATHS, isAlertsQuery } from "./query-options";
import { Rules } from "./rules";
import { Schedules } from "./schedules";

/** /alerts: what fired (everyone); rules, destinations, schedules and the delivery log (admins change them). */
export function AlertsView({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState("");

  // Opening the page reads the alerts: the bell goes back to 0.
  useEffect(() => {
    void apiSend("POST", ALERT_PATHS.read, "{}").then(() => queryClient.invalidateQueries({ queryKey: [UNREAD_PATH] }));
  }, [queryClient]);

  async function done(message: string) {
    setNotice(message);
    await queryClient.invalidateQueries({ predicate: (q) => isAlertsQuery(q.queryKey) });
  }

  return (
    <div className="space-y-8">
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-emerald-800 dark:text-emerald-300" data-testid="alerts-notice">
        {notice}
      </p>
      <History />
      <Rules isAdmin={isAdmin} onDone={done} />
      {isAdmin ? (
        <>
          <Destinations onDone={done} />
          <Schedules onDone={done} />
          <DeliveryLog />
        </>
      ) : null}
    </div>
  );
}
