import type { IncomingMessage, ServerResponse } from 'node:http';
export const ROUTES_FILE: string;
export function writeCollectorRoutes(dist: string, routes: Record<string, string>): Promise<void>;
export function readCollectorRoutes(dist: string): Record<string, string>;
export function createDevCollector(options: {
  routes: Record<string, string>;
  dataDir: string;
  log?: (line: string) => void;
  maxFileBytes?: number;
  bodyMs?: number;
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
