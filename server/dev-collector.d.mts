import type { IncomingMessage, ServerResponse } from 'node:http';
export function createDevCollector(options: {
  routes: Record<string, string>;
  dataDir: string;
  log?: (line: string) => void;
}): (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
