import type { IncomingMessage, ServerResponse } from 'node:http';
export function closeAfter(req: IncomingMessage, res: ServerResponse): void;
