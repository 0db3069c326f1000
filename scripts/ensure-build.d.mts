/** Whether dist/ is missing, unfinished, or older than one of its inputs. */
export function isBuildStale(): boolean;
/** Builds the package unless dist/ is up to date. Resolves when dist/ can be read. */
export function ensureBuilt(): Promise<void>;
