export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  match: RegExp;
}
export interface HeaderBlock {
  /** The path line as written in _headers, e.g. '/admin/*'. */
  pattern: string;
  match: RegExp;
  headers: [string, string][];
}
export function parseRedirects(text: string): RedirectRule[];
export function matchRedirect(
  rules: RedirectRule[],
  pathname: string,
): { status: number; target: string } | undefined;
export function parseHeaders(text: string): HeaderBlock[];
export function headersFor(blocks: HeaderBlock[], pathname: string): Map<string, string>;
