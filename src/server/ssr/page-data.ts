import type { TeamPageData } from '../../contract/team-page.ts';

// The data a server-rendered page carries, as the text of a
// `<script type="application/json">` block. JSON alone is not safe there: "</script>" in any
// string (a customer's name, a service's error) would end the block and start markup, and "<!--"
// changes how the parser reads the rest. Every <, > and & is written as a \u escape (JSON reads it
// back as the same character), and U+2028/U+2029 too, which older JavaScript parsers took for line ends.

const UNSAFE = /[<>&\u2028\u2029]/g;

export function serializePageData(data: TeamPageData): string {
  return JSON.stringify(data).replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
