// The small Markdown the privacy policy is written in (headings, paragraphs, lists, tables, bold, code, links) as Preact elements: no HTML is ever parsed.
import type { JSX } from 'preact';

/** Inline text: `code`, **bold** and [links](…); a link to another file of the repository stays its words (the page has no repository). */
export function inline(text: string): Array<string | JSX.Element> {
  const parts: Array<string | JSX.Element> = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const key = parts.length;
    if (m[1] !== undefined) parts.push(<code key={key}>{m[1]}</code>);
    else if (m[2] !== undefined) parts.push(<strong key={key}>{inline(m[2])}</strong>);
    else if (m[3] !== undefined) parts.push(<em key={key}>{inline(m[3])}</em>);
    else if (/^https:\/\//.test(m[5]!))
      parts.push(
        <a key={key} href={m[5]} target="_blank" rel="noreferrer">
          {inline(m[4]!)}
        </a>,
      );
    else parts.push(...inline(m[4]!));
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Blocks: `#`–`###` headings, `-` lists (indented lines continue an item), `|` tables, and paragraphs. */
export function Markdown({ source }: { source: string }) {
  const blocks: JSX.Element[] = [];
  const lines = source.split('\n');
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    const key = blocks.length;
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (line.trim() === '') {
      i++;
    } else if (heading) {
      const Tag = `h${heading[1]!.length}` as 'h1' | 'h2' | 'h3';
      blocks.push(<Tag key={key}>{inline(heading[2]!)}</Tag>);
      i++;
    } else if (line.startsWith('- ')) {
      const items: string[] = [];
      while (i < lines.length && (lines[i]!.startsWith('- ') || (lines[i]!.startsWith('  ') && items.length > 0))) {
        if (lines[i]!.startsWith('- ')) items.push(lines[i]!.slice(2));
        else items[items.length - 1] += ` ${lines[i]!.trim()}`;
        i++;
      }
      blocks.push(
        <ul key={key}>
          {items.map((item, n) => (
            <li key={n}>{inline(item)}</li>
          ))}
        </ul>,
      );
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) {
        if (!/^\|[\s|:-]+\|$/.test(lines[i]!.trim())) rows.push(cells(lines[i]!));
        i++;
      }
      const [head = [], ...body] = rows;
      blocks.push(
        <table key={key}>
          <thead>
            <tr>
              {head.map((c, n) => (
                <th key={n}>{inline(c)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {body.map((row, r) => (
              <tr key={r}>
                {row.map((c, n) => (
                  <td key={n}>{inline(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>,
      );
    } else {
      const text: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#{1,3} |- |\|)/.test(lines[i]!)) text.push(lines[i++]!.trim());
      blocks.push(<p key={key}>{inline(text.join(' '))}</p>);
    }
  }
  return <>{blocks}</>;
}
