import type { ReactNode } from 'react';
import changelog from '../../docs/nouveautes.md?raw';

interface Block {
  kind: 'h2' | 'h3' | 'p' | 'ul';
  lines: string[];
}

/** The few Markdown forms docs/nouveautes.md uses: headings, paragraphs, bullet lists. */
export function parseChangelog(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      current = null;
      continue;
    }
    if (line.startsWith('# ')) {
      current = null;
      continue;
    } // the page has its own title
    const heading = /^(##|###) (.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: heading[1] === '##' ? 'h2' : 'h3', lines: [heading[2]!] });
      current = null;
    } else if (line.startsWith('- ')) {
      if (current?.kind !== 'ul') blocks.push((current = { kind: 'ul', lines: [] }));
      current.lines.push(line.slice(2).trim());
    } else if (current) {
      // A continued line belongs to the last item or paragraph.
      current.lines[current.lines.length - 1] += ` ${line.trim()}`;
    } else {
      blocks.push((current = { kind: 'p', lines: [line.trim()] }));
    }
  }
  return blocks;
}

function render(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'h2':
      return <h2 key={key}>{block.lines[0]}</h2>;
    case 'h3':
      return <h3 key={key}>{block.lines[0]}</h3>;
    case 'ul':
      return (
        <ul key={key}>
          {block.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      );
    default:
      return <p key={key}>{block.lines.join(' ')}</p>;
  }
}

/** « Nouveautés »: where the new-version banner's link leads (docs/nouveautes.md, in the bundle). */
export default function ChangelogScreen() {
  return <div className="changelog">{parseChangelog(changelog).map(render)}</div>;
}
