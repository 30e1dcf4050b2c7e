import type { IncomingMessage, ServerResponse } from 'node:http';
export const ROUTES_FILE: string;
export const RETENTION_DAYS: number;
export function writeFormRoutes(dist: string, routes: Record<string, string>): Promise<void>;
export function readFormRoutes(dist: string): Record<string, string>;
export function pruneSubmissions(file: string, cutoff: Date): Promise<number>;
export function createDevCollector(options: {
  routes: Record<string, string>;
  dataDir: string;
  log?: (line: string) => void;
  maxFileBytes?: number;
  bodyMs?: number;
  retentionDays?: number;
  now?: () => Date;
}): ((req: IncomingMessage, res: ServerResponse) => Promise<boolean>) & {
  /** Settles once the pruning at start is done. */
  ready: Promise<void>;
};
