"use client";

import { createContext } from "react";

/** Whether this page may export (false in a share link's view made without allowExport): the export buttons are not shown. */
export const ExportsAllowed = createContext(true);
