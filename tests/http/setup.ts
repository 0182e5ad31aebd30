/**
 * Vitest setupFiles of the two HTTP projects (http-routes, http-stacks): each test file's process copies the run's migrated
 * database (global-setup.ts) into the servers it starts, as the shared server's start did.
 */
import { inject } from "vitest";
import { setPgliteTemplate } from "./server";

setPgliteTemplate(inject("pgliteTemplate"));
